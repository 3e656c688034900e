/**
 * A synthetic origin that follows the cacheability contract the way Heliograph's pages do, and an HTTP
 * server with the front cache in front of it. Lets the cache be tested without a Next build.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { MemoryGenerationStore } from "@/lib/cache/generations";
import { PRIVATE_HEADERS, privateCacheHeaders, publicCacheHeaders } from "@/lib/cache/headers";
import { grantFor } from "@/lib/access/token";
import { FrontCache, type FrontCacheOptions } from "@/lib/front-cache/front-cache";
import { raw, type Raw } from "../../e2e/cache-helpers";

export interface Origin {
  /** what each "page" currently says, as a database would */
  db: Map<string, string>;
  down: boolean;
  /** renders wait on this before writing (a slow render), when set */
  gate?: Promise<void>;
  /** /stream waits on this between its first and last chunk */
  streamGate?: Promise<void>;
  renders: number;
  rendersByPath: Map<string, number>;
  /** every request target the origin saw, in order */
  urls: string[];
  /** what opens the private page /members now (its cookies are signed with MEMBERS_SECRET), as lib/access would read them */
  credentials: Set<string>;
}

export const MEMBERS_SECRET = "members-test-secret";
export const MEMBERS_PAGE = "page-members";

export function origin(): Origin {
  return { db: new Map([["acme", "v1"], ["other", "o1"]]), down: false, renders: 0, rendersByPath: new Map(), urls: [], credentials: new Set(["k.key-1", "p.pw-1"]) };
}

/** Routes: /<page> (public HTML), /<page>.json, /private (cookie), /members (private, shareable among the let-in), /cookie (Set-Cookie), /vary, /gz (pre-compressed). Host "unknown.example" is 404. */
export function originHandler(o: Origin) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    o.renders++;
    o.urls.push(req.url ?? "");
    const path = (req.url ?? "/").split("?")[0];
    o.rendersByPath.set(path, (o.rendersByPath.get(path) ?? 0) + 1);
    const host = req.headers.host ?? "";
    // A render reads the database when it starts, then takes its time.
    const snapshot = new Map(o.db);
    const down = o.down;
    if (o.gate) await o.gate;
    if (down) {
      res.statusCode = 500;
      res.setHeader("content-type", "text/html; charset=utf-8");
      return res.end("<html><body>Internal error</body></html>");
    }
    if (host.startsWith("unknown.")) {
      res.statusCode = 404;
      res.setHeader("content-type", "text/html");
      return res.end("<html><body>Unknown host</body></html>");
    }
    if (req.headers["x-test-writehead"] === "message") {
      // The way Next writes some answers: headers (internal ones included) passed to writeHead after an undefined message.
      res.writeHead(200, undefined, { ...publicCacheHeaders([`page:x`]), "x-middleware-rewrite": "/x", "content-type": "text/plain" });
      return res.end("written at once");
    }
    if (path === "/stream") {
      res.setHeader("content-type", "text/plain");
      res.setHeader("cache-control", "no-store");
      res.write("first ");
      if (o.streamGate) await o.streamGate;
      return res.end("last");
    }
    if (path === "/private") {
      for (const [k, v] of Object.entries(PRIVATE_HEADERS)) res.setHeader(k, v);
      res.setHeader("content-type", "text/html");
      const ok = /(?:^|; )hg_access=ok/.test(req.headers.cookie ?? "");
      return res.end(ok ? "<html><body>SECRET status</body></html>" : "<html><body>Enter the key</body></html>");
    }
    if (path === "/members") {
      // A private page the way proxy.ts marks it: shareable among the visitors it lets in, 401 for others.
      const grant = grantFor(req.headers.cookie ?? null, MEMBERS_PAGE, MEMBERS_SECRET);
      const open = grant !== null && o.credentials.has(grant.credential);
      const headers = open ? privateCacheHeaders(MEMBERS_PAGE, ["page:members"], [...o.credentials]) : PRIVATE_HEADERS;
      for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.statusCode = open ? 200 : 401;
      return res.end(open ? `<html><body>SECRET members ${snapshot.get("acme")}</body></html>` : "<html><body>Enter the key</body></html>");
    }
    if (path === "/cookie" || path === "/vary") {
      for (const [k, v] of Object.entries(publicCacheHeaders(["page:acme"]))) res.setHeader(k, v);
      if (path === "/cookie") res.setHeader("set-cookie", "a=b");
      else res.setHeader("vary", "Cookie");
      return res.end(`x ${snapshot.get("acme")}`);
    }
    const json = path.endsWith(".json");
    const page = path.slice(1).replace(/\.json$/, "").split("/")[0];
    const text = `${host.startsWith("other.") ? "[other domain] " : ""}${snapshot.get(page) ?? "missing"}`;
    for (const [k, v] of Object.entries(publicCacheHeaders([`page:${page}`]))) res.setHeader(k, v);
    // Internal headers (the guard's and the entry's business never to send): Next's, and one of Heliograph's own.
    res.setHeader("x-middleware-next", "1");
    res.setHeader("x-heliograph-render-note", "internal");
    res.setHeader("vary", "rsc, next-router-state-tree, next-router-prefetch");
    if (json) {
      res.setHeader("content-type", "application/json");
      return res.end(JSON.stringify({ status: text, padding: "x".repeat(400) }));
    }
    res.setHeader("content-type", "text/html; charset=utf-8");
    const html = `<!DOCTYPE html><html><head><title>${page}</title></head><body class="b"><main><h1>${page}</h1><p id="status">${text}</p>${"<i>pad</i>".repeat(100)}</main></body></html>`;
    if (path === "/gz") {
      res.setHeader("content-encoding", "gzip");
      return res.end(zlib.gzipSync(html));
    }
    // Stream in two chunks, the way React does.
    res.write(html.slice(0, 50));
    await new Promise((r) => setImmediate(r));
    res.end(html.slice(50));
  };
}

export async function serve(o: Origin, opts: Partial<FrontCacheOptions> = {}) {
  const store = new MemoryGenerationStore();
  const cache = new FrontCache({ handler: originHandler(o), maxBytes: 8 * 1024 * 1024, generations: () => store, ...opts });
  const server = http.createServer(cache.handle);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    cache,
    store,
    port,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type Got = Raw;

/** A raw GET on the test server, as Host status.example (fetch would decompress and hide content-encoding). */
export function get(port: number, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Got> {
  return raw(`http://127.0.0.1:${port}`, path, { host: "status.example", ...headers }, method);
}

export const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));
