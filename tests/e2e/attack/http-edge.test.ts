/**
 * HTTP edge cases on raw sockets against the production server: bodies over a reader's limit must not
 * wedge a keep-alive connection, an empty optional body is absent whatever the framing.
 */
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "../cache-helpers";
import { startServer, type RunningServer } from "../harness";

let server: RunningServer;
let key: string;

beforeAll(async () => {
  server = await startServer();
  key = server.apiKey()!;
});
afterAll(async () => {
  await server?.stop();
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses as many complete HTTP/1.1 responses as `buf` holds (Content-Length or chunked bodies). */
function parseResponses(buf: Buffer): RawResponse[] {
  const out: RawResponse[] = [];
  let at = 0;
  for (;;) {
    const headEnd = buf.indexOf("\r\n\r\n", at);
    if (headEnd < 0) return out;
    const [statusLine, ...lines] = buf.subarray(at, headEnd).toString("latin1").split("\r\n");
    const headers: Record<string, string> = {};
    for (const l of lines) headers[l.slice(0, l.indexOf(":")).toLowerCase()] = l.slice(l.indexOf(":") + 1).trim();
    let pos = headEnd + 4;
    let body: Buffer = Buffer.alloc(0);
    if (headers["transfer-encoding"] === "chunked") {
      for (;;) {
        const lineEnd = buf.indexOf("\r\n", pos);
        if (lineEnd < 0) return out;
        const size = parseInt(buf.subarray(pos, lineEnd).toString(), 16);
        if (buf.length < lineEnd + 2 + size + 2) return out;
        body = Buffer.concat([body, buf.subarray(lineEnd + 2, lineEnd + 2 + size)]);
        pos = lineEnd + 2 + size + 2;
        if (size === 0) break;
      }
    } else {
      const len = Number(headers["content-length"] ?? 0);
      if (buf.length < pos + len) return out;
      body = buf.subarray(pos, pos + len);
      pos += len;
    }
    out.push({ status: Number(statusLine.split(" ")[1]), headers, body: body.toString("utf8") });
    at = pos;
  }
}

/**
 * Sends `requests` back to back on one keep-alive socket and collects what comes back until the
 * server closes the socket or every request is answered. A connection that neither answers nor
 * closes is reported as `wedged` (after a guard far above any answer time), not waited on forever.
 */
function exchange(chunks: (string | Buffer)[], expected: number): Promise<{ responses: RawResponse[]; closed: boolean; wedged: boolean }> {
  return new Promise((resolve) => {
    const sock = net.connect(server.port, "127.0.0.1");
    let buf = Buffer.alloc(0);
    let done = false;
    const finish = (closed: boolean, wedged = false) => {
      if (done) return;
      done = true;
      clearTimeout(guard);
      sock.destroy();
      resolve({ responses: parseResponses(buf), closed, wedged });
    };
    const guard = setTimeout(() => finish(false, true), 30_000);
    sock.on("data", (d) => {
      buf = Buffer.concat([buf, d]);
      if (parseResponses(buf).length >= expected) finish(false);
    });
    sock.on("error", () => {}); // the server may stop reading and reset: what it answered before counts
    sock.on("close", () => finish(true));
    for (const c of chunks) sock.write(c);
  });
}

const head = (method: string, path: string, headers: Record<string, string>) =>
  `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: keep-alive\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;

/** A chunked body of `bytes` bytes of `fill`, in 64 kB chunks, with its terminating chunk. */
function chunkedBody(bytes: number, fill = "a"): Buffer[] {
  const out: Buffer[] = [];
  const chunk = Buffer.alloc(64 * 1024, fill);
  for (let sent = 0; sent < bytes; sent += chunk.length) out.push(Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from("\r\n"));
  out.push(Buffer.from("0\r\n\r\n"));
  return out;
}

const SECOND = () => head("GET", "/robots.txt", {});

describe("a body over the reader's limit does not wedge a keep-alive connection", () => {
  const cases: [string, () => { path: string; headers: Record<string, string> }][] = [
    ["the API (POST /v1/status-pages)", () => ({ path: "/v1/status-pages", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" } })],
    ["the API without a valid key", () => ({ path: "/v1/status-pages", headers: { authorization: "Bearer nope", "content-type": "application/json" } })],
    ["the unlock form (POST /acme/access)", () => ({ path: "/acme/access", headers: { "content-type": "application/x-www-form-urlencoded" } })],
    ["the subscribe form's server action (POST /acme/subscribe)", () => ({ path: "/acme/subscribe", headers: { "content-type": "application/x-www-form-urlencoded", "next-action": "0".repeat(42) } })],
  ];

  it.each(cases)("%s, chunked 2 MB: answered, then the next request is answered or the connection closes", async (_name, target) => {
    const { path, headers } = target();
    const r = await exchange([head("POST", path, { ...headers, "transfer-encoding": "chunked" }), ...chunkedBody(2 * 1024 * 1024), SECOND()], 2);
    expect(r.wedged, "the connection neither answered the next request nor closed").toBe(false);
    const [first, second] = r.responses;
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(first.status).toBeLessThan(500);
    // Either the server said it closes (and did), or it read the body through and answered the next request.
    if (second === undefined) {
      expect(first.headers.connection).toBe("close");
      expect(r.closed).toBe(true);
    } else {
      expect(second.status).toBe(200);
    }
  });

  it("a declared Content-Length over the limit: refused with Connection: close, no wait for the body", async () => {
    const r = await exchange([head("POST", "/v1/status-pages", { authorization: `Bearer ${key}`, "content-type": "application/json", "content-length": String(2 * 1024 * 1024) }), "{"], 2);
    expect(r.wedged).toBe(false);
    expect(r.responses[0].status).toBe(413);
    expect(r.responses[0].headers.connection).toBe("close");
    expect(r.closed).toBe(true);
  });

  it("a body within the limit keeps the connection open for the next request", async () => {
    const body = "secret=nope&next=";
    const r = await exchange([head("POST", "/acme/access", { "content-type": "application/x-www-form-urlencoded", "content-length": String(body.length) }) + body, SECOND()], 2);
    expect(r.responses.map((x) => x.status)).toEqual([303, 200]);
  });
});

describe("an optional body that is empty is absent, whatever the framing", () => {
  it("POST /v1/status-pages/{id}/keys: chunked with no bytes and no Content-Type creates a key", async () => {
    const pages = await api<{ entries: { id: string }[] }>(server.url, key, "GET", "/v1/status-pages");
    const id = pages.json.entries[0].id;
    const r = await exchange([head("POST", `/v1/status-pages/${id}/keys`, { authorization: `Bearer ${key}`, "transfer-encoding": "chunked" }), "0\r\n\r\n"], 1);
    expect(r.responses[0]?.status).toBe(201);
    const noLength = await exchange([head("POST", `/v1/status-pages/${id}/keys`, { authorization: `Bearer ${key}`, "content-type": "text/plain", "transfer-encoding": "chunked" }), "0\r\n\r\n"], 1);
    expect(noLength.responses[0]?.status).toBe(201);
  });
});
