import http from "node:http";
import https from "node:https";
import tls from "node:tls";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MAX_BODY_BYTES, runCheck, type RunnableApiCheck, type RunOptions } from "@/lib/runners";

import { close, delay, fixedLookup, listen, selfSignedCertificate, slowAcceptServer } from "./peers";

const opts: RunOptions = { allowMetadata: false, timeoutMs: 10_000 };
const api = (url: string, more: Partial<RunnableApiCheck["request"]> = {}, check: Partial<RunnableApiCheck> = {}): RunnableApiCheck => ({
  checkType: "API",
  request: { method: "GET", url, ...more },
  ...check,
});

let server: http.Server;
let base: string;
const received: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      const path = new URL(req.url!, "http://x").pathname;
      if (path === "/json") {
        res.setHeader("content-type", "application/json");
        res.setHeader("x-request-id", "req-4242-abc");
        return res.end(JSON.stringify({ status: "ok", count: 12, items: [{ id: 1 }, { id: 2 }], nothing: null }));
      }
      if (path === "/fail") return res.writeHead(500).end("boom");
      if (path === "/redirect") return res.writeHead(302, { location: "/json" }).end();
      if (path === "/loop") return res.writeHead(302, { location: "/loop" }).end();
      if (path === "/big") return res.end("x".repeat(200 * 1024));
      if (path === "/png") return res.writeHead(200, { "content-type": "image/png" }).end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
      if (path === "/slow") return void setTimeout(() => res.end("late"), 300);
      if (path === "/hang") return;
      res.end("plain text body");
    });
  });
  base = `http://127.0.0.1:${await listen(server)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await close(server);
});

describe("API checks over HTTP", () => {
  it("sends method, headers, query parameters, basic auth and a JSON body, and passes its assertions", async () => {
    const out = await runCheck(api(`${base}/json?fixed=1`, {
      method: "POST",
      headers: [{ key: "X-Trace", value: "t1" }],
      queryParameters: [{ key: "q", value: "a b" }],
      basicAuth: { username: "u", password: "p" },
      bodyType: "JSON",
      body: '{"hello":"world"}',
      assertions: [
        { source: "STATUS_CODE", comparison: "EQUALS", target: "200" },
        { source: "JSON_BODY", property: "$.count", comparison: "GREATER_THAN", target: "10" },
        { source: "JSON_BODY", property: "$.items[*].id", comparison: "HAS_VALUE", target: "2" },
        { source: "HEADERS", property: "X-Request-Id", regex: "req-(\\d+)", comparison: "EQUALS", target: "4242" },
        { source: "TEXT_BODY", comparison: "CONTAINS", target: '"status":"ok"' },
        { source: "RESPONSE_TIME", comparison: "LESS_THAN", target: "10000" },
      ],
    }), opts);
    expect(out.error).toBeNull();
    expect(out.hasFailures).toBe(false);
    expect(out.apiCheckResult!.assertions.map((a) => a.actual)).toEqual([200, 12, [1, 2], "4242", expect.stringContaining("ok"), expect.any(Number)]);
    const sent = received.at(-1)!;
    expect(sent.method).toBe("POST");
    expect(sent.url).toBe("/json?fixed=1&q=a+b");
    expect(sent.headers["x-trace"]).toBe("t1");
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from("u:p").toString("base64")}`);
    expect(sent.headers["content-type"]).toBe("application/json");
    expect(sent.body).toBe('{"hello":"world"}');
    expect(out.apiCheckResult!.request).toMatchObject({ method: "POST", params: { q: "a b" }, data: '{"hello":"world"}' });
    expect(out.apiCheckResult!.response.status).toBe(200);
    expect(out.apiCheckResult!.response.headers!["content-type"]).toBe("application/json");
  });

  it("sends FORM, RAW and GRAPHQL bodies with their content types, none for NONE", async () => {
    await runCheck(api(`${base}/echo`, { method: "POST", bodyType: "FORM", body: "a=1&b=2" }), opts);
    expect(received.at(-1)).toMatchObject({ body: "a=1&b=2", headers: { "content-type": "application/x-www-form-urlencoded" } });
    await runCheck(api(`${base}/echo`, { method: "PUT", bodyType: "RAW", body: "raw bytes", headers: [{ key: "content-type", value: "text/x-raw" }] }), opts);
    expect(received.at(-1)).toMatchObject({ method: "PUT", body: "raw bytes", headers: { "content-type": "text/x-raw" } });
    await runCheck(api(`${base}/echo`, { method: "POST", bodyType: "GRAPHQL", body: "{ me { id } }" }), opts);
    expect(received.at(-1)!.body).toBe('{ me { id } }');
    await runCheck(api(`${base}/echo`, { method: "POST", bodyType: "GRAPHQL", body: "query { me }" }), opts);
    expect(JSON.parse(received.at(-1)!.body)).toEqual({ query: "query { me }" });
    await runCheck(api(`${base}/echo`, { method: "DELETE", bodyType: "NONE", body: "ignored" }), opts);
    expect(received.at(-1)).toMatchObject({ method: "DELETE", body: "" });
  });

  it("records each failed assertion with what it found and why", async () => {
    const out = await runCheck(api(`${base}/json`, { assertions: [{ source: "JSON_BODY", property: "$.status", comparison: "EQUALS", target: "down" }] }), opts);
    expect(out.hasFailures).toBe(true);
    expect(out.networkError).toBe(false);
    expect(out.apiCheckResult!.assertions[0]).toMatchObject({ actual: "ok", error: expect.stringContaining("down") });
    expect(out.error).toMatch(/JSON_BODY \$\.status EQUALS failed/);
  });

  it("without STATUS_CODE assertions fails a 5xx; shouldFail inverts it", async () => {
    const failed = await runCheck(api(`${base}/fail`), opts);
    expect(failed).toMatchObject({ hasFailures: true, error: "status 500 is not a success (2xx)", networkError: false });
    const inverted = await runCheck(api(`${base}/fail`, {}, { shouldFail: true }), opts);
    expect(inverted).toMatchObject({ hasFailures: false, error: null });
    const notFailing = await runCheck(api(`${base}/json`, {}, { shouldFail: true }), opts);
    expect(notFailing.hasFailures).toBe(true);
  });

  it("follows redirects by default; unfollowed, a 3xx is the answer and passes", async () => {
    const followed = await runCheck(api(`${base}/redirect`), opts);
    expect(followed.apiCheckResult!.response.status).toBe(200);
    expect(followed.hasFailures).toBe(false);
    const kept = await runCheck(api(`${base}/redirect`, { followRedirects: false }), opts);
    expect(kept.apiCheckResult!.response).toMatchObject({ status: 302, headers: { location: "/json" } });
    expect(kept.hasFailures).toBe(false);
    const loop = await runCheck(api(`${base}/loop`), opts);
    expect(loop.error).toMatch(/more than 10 redirects/);
  });

  it("keeps at most 64 KiB of the body, and raster images as base64", async () => {
    const big = await runCheck(api(`${base}/big`), opts);
    expect(MAX_BODY_BYTES).toBe(65536);
    expect(big.apiCheckResult!.response.body.length).toBe(MAX_BODY_BYTES);
    const png = await runCheck(api(`${base}/png`), opts);
    expect(png.apiCheckResult!.response).toMatchObject({ bodyEncoding: "base64", body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]).toString("base64") });
  });

  it("marks a slow answer degraded, and over the maximum as a failure", async () => {
    const degraded = await runCheck(api(`${base}/slow`, {}, { degradedResponseTime: 100, maxResponseTime: 5000 }), opts);
    expect(degraded).toMatchObject({ isDegraded: true, overMaxResponseTime: false, hasFailures: false });
    const over = await runCheck(api(`${base}/slow`, {}, { degradedResponseTime: 50, maxResponseTime: 100 }), opts);
    expect(over).toMatchObject({ isDegraded: true, overMaxResponseTime: true, hasFailures: true });
    expect(over.error).toMatch(/over the maximum of 100 ms/);
    const limitless = await runCheck(api(`${base}/json`), opts);
    expect(limitless).toMatchObject({ isDegraded: null, overMaxResponseTime: null });
  });

  it("turns a refused connection, a timeout and an unknown host into failed outcomes with networkError", async () => {
    const spare = http.createServer();
    const port = await listen(spare);
    await close(spare);
    const refused = await runCheck(api(`http://127.0.0.1:${port}/`), opts);
    expect(refused).toMatchObject({ hasFailures: true, networkError: true });
    expect(refused.error).toMatch(/connection refused \(ECONNREFUSED\)/);
    expect(refused.apiCheckResult!.requestError).toBe(refused.error);
    const timedOut = await runCheck(api(`${base}/hang`), { ...opts, timeoutMs: 300 });
    expect(timedOut).toMatchObject({ hasFailures: true, networkError: true, error: "timed out after 300 ms" });
    const unknown = await runCheck(api("http://nowhere.invalid/"), { ...opts, lookup: fixedLookup([]) });
    expect(unknown).toMatchObject({ networkError: true, error: expect.stringMatching(/could not resolve nowhere\.invalid: host name not found/) });
    const invalid = await runCheck(api("not a url"), opts);
    expect(invalid).toMatchObject({ hasFailures: true, networkError: false, error: 'invalid URL "not a url"' });
  });

  it("a run cancelled by the caller's signal ends at once as this server's error, not the target's", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const out = await runCheck(api(`${base}/hang`), { ...opts, signal: controller.signal });
    expect(out).toMatchObject({ hasFailures: true, hasErrors: true, networkError: false, error: "the run was cancelled" });
  });

  it("reaches an IPv6 peer when ipFamily is IPv6", async () => {
    const v6 = http.createServer((_, res) => res.end("six"));
    const port = await listen(v6, "::1");
    try {
      const lookup = fixedLookup([{ address: "127.0.0.1", family: 4 }, { address: "::1", family: 6 }]);
      const out = await runCheck(api(`http://dual.test:${port}/`, { ipFamily: "IPv6", assertions: [{ source: "TEXT_BODY", comparison: "EQUALS", target: "six" }] }), { ...opts, lookup });
      expect(out.error).toBeNull();
      const v4 = await runCheck(api(`http://dual.test:${port}/`, { ipFamily: "IPv4" }), { ...opts, lookup });
      expect(v4.networkError).toBe(true);
      const literal = await runCheck(api(`http://[::1]:${port}/`), opts);
      expect(literal.error).toBeNull();
      expect(literal.apiCheckResult!.response.body).toBe("six");
    } finally {
      await close(v6);
    }
  });
});

describe("URL checks", () => {
  it("GET only, STATUS_CODE assertions, other sources refused", async () => {
    const out = await runCheck({ checkType: "URL", request: { url: `${base}/json`, assertions: [{ source: "STATUS_CODE", comparison: "LESS_THAN", target: "300" }] } }, opts);
    expect(out.hasFailures).toBe(false);
    expect(received.at(-1)!.method).toBe("GET");
    const wrong = await runCheck({ checkType: "URL", request: { url: `${base}/json`, assertions: [{ source: "TEXT_BODY", comparison: "CONTAINS", target: "ok" }] } }, opts);
    expect(wrong.apiCheckResult!.assertions[0].error).toBe("TEXT_BODY is not an assertion source of URL checks");
  });
});

describe("HTTPS", () => {
  const { key, cert } = selfSignedCertificate();
  let secure: https.Server;
  let port: number;
  beforeAll(async () => {
    secure = https.createServer({ key, cert }, (_, res) => res.end("secure"));
    port = await listen(secure);
  });
  afterAll(() => close(secure));

  it("refuses a self-signed certificate unless skipSSL", async () => {
    const strict = await runCheck(api(`https://localhost:${port}/`), { ...opts, lookup: fixedLookup([{ address: "127.0.0.1", family: 4 }]) });
    expect(strict).toMatchObject({ hasFailures: true, networkError: true });
    expect(strict.error).toMatch(/TLS handshake with localhost:\d+: self[- ]signed certificate/);
    const skipped = await runCheck(api(`https://localhost:${port}/`, { skipSSL: true }), { ...opts, lookup: fixedLookup([{ address: "127.0.0.1", family: 4 }]) });
    expect(skipped.error).toBeNull();
    expect(skipped.apiCheckResult!.response.timingPhases!.tls).toBeGreaterThan(0);
  });
});

/** Each phase measured against a peer that delays exactly that phase: it is at least the delay, and the largest. */
describe("timing phases", () => {
  const D = 400;
  const largest = (phases: Record<string, number>, name: string) => {
    const { total: _total, ...rest } = phases;
    expect(phases[name]).toBeGreaterThanOrEqual(D - 1);
    for (const [other, value] of Object.entries(rest)) if (other !== name) expect(value, other).toBeLessThan(phases[name]);
  };

  it("dns: a resolver that answers late", async () => {
    const out = await runCheck(api(`http://slow-dns.test:${new URL(base).port}/json`), { ...opts, lookup: fixedLookup([{ address: "127.0.0.1", family: 4 }], D) });
    expect(out.error).toBeNull();
    largest(out.apiCheckResult!.response.timingPhases! as unknown as Record<string, number>, "dns");
  });

  it("tcp: a listener that accepts late", async () => {
    const peer = await slowAcceptServer();
    try {
      await peer.block(D);
      const out = await runCheck(api(`http://127.0.0.1:${peer.port}/`), opts);
      expect(out.error).toBeNull();
      largest(out.apiCheckResult!.response.timingPhases! as unknown as Record<string, number>, "tcp");
    } finally {
      await peer.close();
    }
  });

  it("tls: a server whose handshake is slow", async () => {
    const { key, cert } = selfSignedCertificate();
    const context = tls.createSecureContext({ key, cert });
    const slow = https.createServer({ key, cert, SNICallback: (_name, cb) => void setTimeout(() => cb(null, context), D) }, (_, res) => res.end("ok"));
    const port = await listen(slow);
    try {
      const out = await runCheck(api(`https://localhost:${port}/`, { skipSSL: true }), { ...opts, lookup: fixedLookup([{ address: "127.0.0.1", family: 4 }]) });
      expect(out.error).toBeNull();
      largest(out.apiCheckResult!.response.timingPhases! as unknown as Record<string, number>, "tls");
    } finally {
      await close(slow);
    }
  });

  it("firstByte: a server that delays its headers", async () => {
    const slow = http.createServer((_, res) => void setTimeout(() => res.end("ok"), D));
    const port = await listen(slow);
    try {
      const out = await runCheck(api(`http://127.0.0.1:${port}/`), opts);
      largest(out.apiCheckResult!.response.timingPhases! as unknown as Record<string, number>, "firstByte");
      const t = out.apiCheckResult!.response.timings!;
      expect(t.response).toBeGreaterThanOrEqual(t.connect!);
      expect(t.end).toBeGreaterThanOrEqual(t.response);
    } finally {
      await close(slow);
    }
  });

  it("download: a server that dribbles its body", async () => {
    const slow = http.createServer(async (_, res) => {
      res.writeHead(200, { "content-type": "text/plain" });
      res.flushHeaders();
      for (let i = 0; i < 4; i++) {
        await delay(D / 4 + 5);
        res.write(`part ${i}\n`);
      }
      res.end();
    });
    const port = await listen(slow);
    try {
      const out = await runCheck(api(`http://127.0.0.1:${port}/`), opts);
      expect(out.apiCheckResult!.response.body).toBe("part 0\npart 1\npart 2\npart 3\n");
      const phases = out.apiCheckResult!.response.timingPhases!;
      largest(phases as unknown as Record<string, number>, "download");
      expect(out.responseTime).toBeGreaterThanOrEqual(Math.floor(phases.download));
    } finally {
      await close(slow);
    }
  });
});
