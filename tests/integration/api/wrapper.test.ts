import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { revokeApiKey } from "@/lib/api-keys/queries";
import { authenticateApiKey } from "@/lib/api-keys/service";
import { apiRoute, ok } from "@/lib/http/route";
import { configureRateLimit, consumeRateLimit } from "@/lib/http/rate-limit";
import { log } from "@/lib/log";
import { PG_BASE_URL } from "../../setup/pg-url";
import { call, client } from "./client";
import { expectError, rowCounts, STORE, tenant } from "./fixtures";

afterEach(() => {
  configureRateLimit();
});

describe(`route wrapper (${STORE})`, () => {
  it("answers 401 Bad Token for a missing, unknown, malformed or revoked key", async () => {
    const t = await tenant();
    const row = (await authenticateApiKey(t.db, t.apiKey))!;
    const cases: Record<string, string>[] = [{}, { authorization: "Bearer hg_unknownunknownunknown" }, { authorization: "Bearer" }, { authorization: `Basic ${t.apiKey}` }, { authorization: `Bearer ${t.apiKey}x` }, { authorization: "Bearer ' or 1=1 --" }];
    for (const headers of cases) {
      const body = expectError(await call("GET", "/v1/status-pages/services", { headers }), 401);
      expect(body).toEqual({ statusCode: 401, error: "Unauthorized", message: "Bad Token", attributes: {} });
    }
    expect((await t.api.get("/v1/status-pages/services")).status).toBe(200);
    await revokeApiKey(t.db, t.accountId, row.id, Date.now());
    expect(expectError(await t.api.get("/v1/status-pages/services"), 401).message).toBe("Bad Token");
  });

  it("uses the key's account, accepts its own id in either account header, and answers 403 for another", async () => {
    const t = await tenant();
    const other = await tenant("Other");
    for (const name of ["X-Service-Account", "X-Checkly-Account"]) {
      expect((await t.api.get("/v1/accounts", undefined, { headers: { [name]: t.accountId } })).status).toBe(200);
      expect((await t.api.get("/v1/accounts", undefined, { headers: { [name]: t.accountId.toUpperCase() } })).status).toBe(200);
      expectError(await t.api.get("/v1/accounts", undefined, { headers: { [name]: other.accountId } }), 403);
      expectError(await t.api.get("/v1/accounts", undefined, { headers: { [name]: "not-an-account" } }), 403);
    }
    const before = await rowCounts(t.db);
    expectError(await t.api.post("/v1/status-pages/services", { name: "x" }, { headers: { "X-Service-Account": other.accountId } }), 403);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it("reads JSON only: 415 for another content type, 400 for malformed or missing JSON", async () => {
    const t = await tenant();
    const before = await rowCounts(t.db);
    expectError(await t.api.post("/v1/status-pages/services", undefined, { rawBody: '{"name":"x"}', headers: { "content-type": "text/plain" } }), 415);
    expectError(await t.api.post("/v1/status-pages/services", undefined, { rawBody: "name=x", headers: { "content-type": "application/x-www-form-urlencoded" } }), 415);
    expectError(await t.api.post("/v1/status-pages/services", undefined, { rawBody: '{"name":"x"}' }), 415);
    expectError(await t.api.post("/v1/status-pages/services", undefined, { rawBody: '{"name":', headers: { "content-type": "application/json" } }), 400, "body");
    expectError(await t.api.post("/v1/status-pages/services", undefined, { rawBody: "", headers: { "content-type": "application/json" } }), 400, "body");
    expectError(await t.api.post("/v1/status-pages/services", undefined, { rawBody: "[1,2]", headers: { "content-type": "application/json" } }), 400);
    expect(await rowCounts(t.db)).toEqual(before);
    const ok = await t.api.post("/v1/status-pages/services", undefined, { rawBody: '{"name":"x"}', headers: { "content-type": "application/json; charset=utf-8" } });
    expect(ok.status).toBe(200);
  });

  it("answers 413 for a 10 MB body, with or without Content-Length, without reading it all", async () => {
    const t = await tenant();
    const big = JSON.stringify({ name: "x".repeat(10 * 1024 * 1024) });
    const before = await rowCounts(t.db);
    expectError(await t.api.post("/v1/status-pages/services", undefined, { rawBody: big, headers: { "content-type": "application/json" } }), 413);
    expectError(await t.api.post("/v1/status-pages/services", undefined, { rawBody: "{}", headers: { "content-type": "application/json", "content-length": String(big.length) } }), 413);
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(32);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 10 * 1024 * 1024) return controller.close();
        pulled += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    expectError(await t.api.post("/v1/status-pages/services", undefined, { rawBody: stream, headers: { "content-type": "application/json" } }), 413);
    expect(pulled).toBeLessThan(2 * 1024 * 1024);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it("sends X-RateLimit headers on every answer and 429 with Retry-After past the limit, per key", async () => {
    configureRateLimit({ points: 3, durationSeconds: 60, store: "memory" });
    const t = await tenant();
    const other = await tenant("Other");
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.api.get(i === 1 ? "/v1/status-pages/services/nope" : "/v1/status-pages/services");
      expect(res.headers.get("x-ratelimit-limit")).toBe("3");
      seen.push(res.headers.get("x-ratelimit-remaining")!);
      expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
    }
    expect(seen).toEqual(["2", "1", "0"]);
    const limited = await t.api.get("/v1/status-pages/services");
    const body = expectError(limited, 429);
    expect(body.error).toBe("Too Many Requests");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect((await other.api.get("/v1/status-pages/services")).status).toBe(200);
    const anon = await call("GET", "/v1/status-pages/services");
    expect(anon.status).toBe(401);
    expect(anon.headers.get("x-ratelimit-limit")).toBe("3");
  });

  it("shares counters between instances through Redis", async () => {
    configureRateLimit({ points: 5, durationSeconds: 60, store: "redis", storeUrl: "redis://127.0.0.1:6379" });
    const key = `shared-${Math.random()}`;
    expect((await consumeRateLimit(key)).headers["X-RateLimit-Remaining"]).toBe("4");
    // A fresh limiter (another instance) continues the same count.
    configureRateLimit({ points: 5, durationSeconds: 60, store: "redis", storeUrl: "redis://127.0.0.1:6379" });
    for (let i = 0; i < 4; i++) expect((await consumeRateLimit(key)).allowed).toBe(true);
    const res = await consumeRateLimit(key);
    expect(res.allowed).toBe(false);
    expect(res.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  });

  it("shares counters between instances through PostgreSQL", async () => {
    const storeUrl = process.env.DATABASE_URL ?? PG_BASE_URL;
    configureRateLimit({ points: 2, durationSeconds: 60, store: "postgres", storeUrl });
    const key = `pg-${Math.random()}`;
    expect((await consumeRateLimit(key)).allowed).toBe(true);
    configureRateLimit({ points: 2, durationSeconds: 60, store: "postgres", storeUrl });
    expect((await consumeRateLimit(key)).allowed).toBe(true);
    expect((await consumeRateLimit(key)).allowed).toBe(false);
  });

  it("answers an unknown error with a generic 500, a request id header, and logs it with that id", async () => {
    const t = await tenant();
    const spy = vi.spyOn(log, "error").mockImplementation(() => undefined);
    const handler = apiRoute({ query: z.object({}) }, async () => {
      throw new Error("secret connection string postgres://user:pw@db");
    });
    const res = await handler(new Request("http://localhost/v1/x", { headers: { authorization: `Bearer ${t.apiKey}` } }), { params: Promise.resolve({}) });
    const text = await res.text();
    expect(res.status).toBe(500);
    expect(text).not.toContain("secret");
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(text)).toMatchObject({ statusCode: 500, error: "Internal Server Error", attributes: { requestId } });
    expect(spy).toHaveBeenCalledWith(expect.objectContaining({ requestId }), "unhandled error");
    spy.mockRestore();
    const fine = apiRoute({}, async () => ok({ fine: true }));
    const good = await fine(new Request("http://localhost/v1/x", { headers: { authorization: `Bearer ${t.apiKey}` } }), { params: Promise.resolve({}) });
    expect(await good.json()).toEqual({ fine: true });
    expect(good.headers.get("cache-control")).toBe("private, no-store");
  });
});

void client;

describe(`unknown API paths (${STORE})`, () => {
  it("answer the 404 envelope with rate-limit headers under /v1, /v2, /v3 and /next, or 401 without a key", async () => {
    const t = await tenant();
    for (const prefix of ["v1", "v2", "v3", "next"]) {
      const { GET, DELETE, POST } = (await import(/* @vite-ignore */ `@/app/${prefix}/[[...path]]/route`)) as typeof import("@/app/v1/[[...path]]/route");
      const cases: [typeof GET, string[] | undefined][] = [[GET, ["nothing", "here"]], [DELETE, ["nothing"]], [POST, undefined]];
      for (const [handler, path] of cases) {
        const url = `http://localhost/${prefix}${path ? `/${path.join("/")}` : ""}`;
        const res = await handler(new Request(url, { method: "POST", headers: { authorization: `Bearer ${t.apiKey}` } }), { params: Promise.resolve({ path }) });
        expect(res.status, url).toBe(404);
        expect(res.headers.get("content-type")).toContain("application/json");
        expect(await res.json()).toMatchObject({ statusCode: 404, error: "Not Found", attributes: {} });
        expect(res.headers.get("x-ratelimit-limit")).toBe("600");
      }
      const anon = await GET(new Request(`http://localhost/${prefix}/nothing`), { params: Promise.resolve({ path: ["nothing"] }) });
      expect(anon.status).toBe(401);
    }
  });
});

describe(`methods a resource does not serve (${STORE})`, () => {
  it("answer 405 in the error envelope with Allow, after authentication like every answer", async () => {
    const t = await tenant();
    const res = await t.api.patch("/v1/status-pages/services", { name: "x" });
    const body = expectError(res, 405);
    expect(res.headers.get("allow")).toBe("GET, POST, HEAD");
    expect(body.attributes).toEqual({ allow: ["GET", "POST", "HEAD"] });
    expectError(await t.api.get("/v1/incidents/00000000-0000-4000-8000-000000000000/updates/00000000-0000-4000-8000-000000000000"), 405);
    expectError(await call("PATCH", "/v1/status-pages/services"), 401);
  });
});
