import { describe, expect, it, vi } from "vitest";

// The store fails for page lookups; everything else is real.
vi.mock("@/lib/status-pages/queries", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/status-pages/queries")>()),
  findPageBySlug: vi.fn(async () => {
    throw new Error("connect ECONNREFUSED 127.0.0.1:5432");
  }),
}));

const { proxy } = await import("@/proxy");
const { request } = await import("./fixtures");

describe(`proxy.ts with the store down (${process.env.HELIOGRAPH_TEST_STORE})`, () => {
  it("answers 503 with Retry-After and no stack trace, never caches it", async () => {
    const res = (await proxy(request("http://localhost:3000/acme")))!;
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.text();
    expect(body).toContain("Status temporarily unavailable");
    expect(body).not.toContain("ECONNREFUSED");
  });
});
