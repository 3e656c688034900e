import { describe, expect, it, vi } from "vitest";

const build = vi.hoisted(() => vi.fn(() => ({ openapi: "3.1.0", info: { title: "t", version: "1" }, paths: {} })));
vi.mock("@/lib/openapi/document", () => ({ openApiDocument: build }));

const { GET } = await import("@/app/openapi.json/route");
const get = (headers: Record<string, string> = {}) => GET(new Request("http://localhost/openapi.json", { headers }));

describe("/openapi.json serving", () => {
  it("builds and serialises the document once per process, not per request", async () => {
    const a = await get();
    const b = await get();
    const gz = await get({ "accept-encoding": "gzip" });
    expect(build).toHaveBeenCalledTimes(1);
    expect(await a.json()).toEqual(build.mock.results[0].value);
    expect(await b.text()).toBe(JSON.stringify(build.mock.results[0].value));
    // Identity bytes whatever the client accepts: Next drops a handler's Content-Encoding and compresses itself.
    expect(gz.headers.get("content-encoding")).toBeNull();
    expect(await gz.json()).toEqual(build.mock.results[0].value);
  });

  it("answers a matching If-None-Match with 304 and no body", async () => {
    const first = await get();
    expect(first.headers.get("etag")).toMatch(/^"[\w-]{43}"$/);
    const again = await get({ "if-none-match": first.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });
});
