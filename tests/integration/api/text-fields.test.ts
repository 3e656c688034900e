/**
 * One rule for text on both stores: a NUL character or an unpaired UTF-16 surrogate in any string
 * field of any request the OpenAPI document describes is a 400 naming that field (PostgreSQL cannot
 * store either; it answered 500 while SQLite stored them). Fields are enumerated from the document.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { configureRateLimit } from "@/lib/http/rate-limit";
import { operations, stringLeaves, valueAt, type Operation } from "../attack/openapi";
import { expectError, rowCounts, tenant, type Tenant } from "./fixtures";

const HOSTILE = { nul: "a\u0000b", "lone high surrogate": "a\uD800b", "lone low surrogate": "a\uDC00b" };
let t: Tenant;

beforeAll(async () => {
  // One key sends a few requests per field of every operation: more than the API's per-minute budget.
  configureRateLimit({ points: 1_000_000, durationSeconds: 60, store: "memory" });
  t = await tenant("Text rule");
});
afterAll(() => configureRateLimit());

const wellFormedPath = (op: Operation, override: Record<string, string> = {}) =>
  op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(override[name] ?? (op.pathParams.find((p) => p.name === name)?.schema.type === "integer" ? "1" : randomUUID())));

describe("every string field of every request refuses NUL and unpaired surrogates", () => {
  const ops = operations();

  it("covers the document's request bodies", () => {
    const fields = ops.flatMap((op) => (op.body ? stringLeaves(op.body) : []));
    expect(fields.length).toBeGreaterThan(40);
  });

  for (const op of ops.filter((o) => o.body && stringLeaves(o.body!).length > 0)) {
    it(`${op.id}: body fields`, async () => {
      for (const leaf of stringLeaves(op.body!)) {
        for (const [what, value] of Object.entries(HOSTILE)) {
          const res = await t.api[op.method.toLowerCase() as "post"](wellFormedPath(op), valueAt(leaf, value));
          expect(res.status, `${op.id} ${leaf.join(".")} with ${what}: ${res.text}`).toBe(400);
          // A leaf inside a union (a value or a list of values) is named by the union's own field.
          const named = (expectError(res, 400).attributes.fields as string[]).some((f) => leaf.join(".") === f || leaf.join(".").startsWith(`${f}.`));
          expect(named, `${op.id} ${leaf.join(".")}: ${res.text}`).toBe(true);
        }
      }
    });
  }

  for (const op of ops.filter((o) => o.queryParams.length > 0 || o.pathParams.length > 0)) {
    it(`${op.id}: path and query parameters`, async () => {
      for (const p of op.queryParams) {
        const res = await t.api[op.method.toLowerCase() as "get"](`${wellFormedPath(op)}?${encodeURIComponent(p.name)}=a%00b`);
        expectError(res, 400, p.name);
      }
      for (const p of op.pathParams) {
        const res = await t.api[op.method.toLowerCase() as "get"](wellFormedPath(op, { [p.name]: "a\u0000b" }), op.body ? {} : undefined);
        expectError(res, 400, p.name);
      }
    });
  }

  it("a create with NUL in one field writes nothing, on either store", async () => {
    const before = await rowCounts(t.db);
    const service = await t.api.post("/v1/status-pages/services", { name: "Billing\u0000" });
    expectError(service, 400, "name");
    const page = await t.api.post("/v1/status-pages", { name: "Status", url: `nul-${Date.now()}`, description: "x\u0000", cards: [{ name: "Core", services: [] }] });
    expectError(page, 400, "description");
    expect(await rowCounts(t.db)).toEqual(before);
  });
});

describe("the database's own refusal of text is a 400, as a backstop", () => {
  it("maps SQLSTATE 22021 and 22P05 to 400 in the envelope", async () => {
    const { errorToResponse } = await import("@/lib/http/errors");
    const ctx = { requestId: "r", method: "POST", path: "/v1/x" };
    for (const code of ["22021", "22P05"]) {
      const res = errorToResponse(Object.assign(new Error("invalid byte sequence"), { code }), ctx);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ statusCode: 400, error: "Bad Request" });
    }
  });

  it("maps a foreign-key violation (a row deleted by a concurrent request) to 409, on this store's real error", async () => {
    const { errorToResponse } = await import("@/lib/http/errors");
    const err = await t.db
      .insertInto("components")
      .values({ id: randomUUID(), status_page_id: randomUUID(), type: "SERVICE", name: "x", description: null, display_order: 0, hidden: 0, parent_id: null, created_at: 0, updated_at: 0 })
      .execute()
      .then(() => null, (e: unknown) => e);
    const res = errorToResponse(err, { requestId: "r", method: "POST", path: "/v3/x" });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ statusCode: 409, error: "Conflict" });
  });

  it.runIf(process.env.HELIOGRAPH_TEST_STORE === "postgres")("maps the error PostgreSQL really raises for a NUL", async () => {
    const { errorToResponse } = await import("@/lib/http/errors");
    const err = await t.db
      .insertInto("services")
      .values({ id: randomUUID(), account_id: t.accountId, name: "a\u0000b", created_at: 0, updated_at: 0 })
      .execute()
      .then(() => null, (e: unknown) => e);
    expect((err as { code?: string }).code).toBe("22021");
    expect(errorToResponse(err, { requestId: "r", method: "POST", path: "/v1/x" }).status).toBe(400);
  });
});
