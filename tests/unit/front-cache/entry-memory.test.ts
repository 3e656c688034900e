import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildEntry, identityBody, ownBytes, representation, type Entry } from "@/lib/front-cache/entry";

const html = (size: number) => `<!DOCTYPE html><html><body>${Array.from({ length: size / 20 }, (_, i) => `<p>row ${i % 997}</p>`).join("")}</body></html>`;

const build = (body: Buffer) =>
  buildEntry({ key: "status.example/acme", tags: ["page:1"], seq: 1, status: 200, headers: { "content-type": "text/html; charset=utf-8" }, body, now: 0, freshUntil: 1, staleUntil: 2 });

/** The memory each stored body actually holds: its whole ArrayBuffer, not just its view's length. */
const held = (e: Entry) => [e.identity, e.gzip, e.br].reduce((n, r) => n + (r?.body ? r.body.buffer.byteLength : 0), 0);

describe("front cache entries: the memory they hold is the memory they count", () => {
  it("keeps a view's bytes without the block behind it", () => {
    const block = Buffer.alloc(64 * 1024, "x");
    const view = block.subarray(100, 3100);
    const own = ownBytes(view);
    expect(own.equals(view)).toBe(true);
    expect(own.buffer.byteLength).toBe(3000);
    const whole = Buffer.allocUnsafeSlow(10);
    expect(ownBytes(whole)).toBe(whole);
  });

  // zlib's output is a view into its 16 KB output chunk: a few KB of compressed page pinned 16 KB each.
  for (const size of [3_000, 30_000, 200_000]) {
    it(`a ${size / 1000} KB page: every encoding in memory of its own, exactly as counted`, async () => {
      const body = Buffer.from(html(size));
      // as a render's body may arrive: a view into a larger buffer (a decoded or pooled chunk)
      const padded = Buffer.concat([Buffer.alloc(5), body, Buffer.alloc(20_000)]).subarray(5, 5 + body.length);
      const e = await build(padded);
      for (const rep of [e.gzip!, e.br!]) expect(rep.body!.buffer.byteLength).toBe(rep.body!.length);
      expect(e.bytes - 512 - e.key.length).toBe(held(e));
      expect(zlib.gunzipSync(e.gzip!.body!).equals(body)).toBe(true);
      expect(zlib.brotliDecompressSync(e.br!.body!).equals(body)).toBe(true);
      // The uncompressed body is not kept beside its compressed copies until a client asks for it.
      expect(e.identity.body).toBeNull();
      expect(e.bytes).toBeLessThan(body.length);
      const restored = identityBody(e);
      expect(restored.body.equals(body)).toBe(true);
      expect(restored.added).toBe(body.length);
      expect(restored.body.buffer.byteLength).toBe(body.length);
      expect(identityBody(e)).toEqual({ body: restored.body, added: 0 });
      expect(representation(e, "identity").body).toBe(restored.body);
    });
  }

  it("keeps a body that is not compressed (too small, or not text) as it is", async () => {
    const small = await build(Buffer.from("<p>ok</p>"));
    expect(small.identity.body?.toString()).toBe("<p>ok</p>");
    expect(small.gzip).toBeUndefined();
  });
});
