import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, readJsonBody } from "@/lib/http/body";
import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "@/lib/errors";

const req = (body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request("http://localhost/v1/x", { method: "POST", body, headers, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);

describe("readJsonBody", () => {
  it("parses JSON declared as application/json or a +json type", async () => {
    expect(await readJsonBody(req('{"a":1}'))).toEqual({ a: 1 });
    expect(await readJsonBody(req('{"a":1}', { "content-type": "application/merge-patch+json" }))).toEqual({ a: 1 });
    expect(await readJsonBody(req('{"a":"é"}', { "content-type": "Application/JSON; charset=UTF-8" }))).toEqual({ a: "é" });
  });

  it("refuses other types (415), malformed or empty JSON (400)", async () => {
    await expect(readJsonBody(req("a=1", { "content-type": "application/x-www-form-urlencoded" }))).rejects.toBeInstanceOf(UnsupportedMediaTypeError);
    await expect(readJsonBody(req("{}", {}))).rejects.toBeInstanceOf(UnsupportedMediaTypeError);
    await expect(readJsonBody(req("{"))).rejects.toBeInstanceOf(ValidationError);
    await expect(readJsonBody(req(""))).rejects.toBeInstanceOf(ValidationError);
  });

  it("treats an absent optional body as {}", async () => {
    expect(await readJsonBody(req(null, {}), { optional: true })).toEqual({});
    expect(await readJsonBody(req("", { "content-type": "application/json" }), { optional: true })).toEqual({});
    await expect(readJsonBody(req("x", { "content-type": "text/plain" }), { optional: true })).rejects.toBeInstanceOf(UnsupportedMediaTypeError);
  });

  it("treats an empty optional body as absent whatever the headers say (chunked, no type, any type)", async () => {
    const empty = () => new ReadableStream<Uint8Array>({ start: (c) => c.close() });
    expect(await readJsonBody(req(empty(), { "transfer-encoding": "chunked" }), { optional: true })).toEqual({});
    expect(await readJsonBody(req(empty(), {}), { optional: true })).toEqual({});
    expect(await readJsonBody(req(empty(), { "content-type": "text/plain" }), { optional: true })).toEqual({});
    expect(await readJsonBody(req("", { "content-type": "application/x-www-form-urlencoded" }), { optional: true })).toEqual({});
    // A required body still says what it wants first.
    await expect(readJsonBody(req(empty(), {}))).rejects.toBeInstanceOf(UnsupportedMediaTypeError);
  });

  it("refuses a declared oversize body before reading, and stops reading an undeclared one at the limit", async () => {
    await expect(readJsonBody(req("{}", { "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) }))).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(await readJsonBody(req(JSON.stringify("x".repeat(MAX_BODY_BYTES - 2))))).toHaveLength(MAX_BODY_BYTES - 2);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        pulled += 16_384;
        c.enqueue(new Uint8Array(16_384).fill(32));
      },
    });
    await expect(readJsonBody(req(stream))).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(pulled).toBeLessThan(MAX_BODY_BYTES + 10 * 16_384);
  });
});
