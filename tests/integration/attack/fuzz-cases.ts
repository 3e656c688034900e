/**
 * The fuzzer's cases for one operation, generated from its JSON Schemas: valid-shaped (real ids from
 * the pool), the same laced with hostile values, mutations of valid bodies, and garbage (bodies,
 * content types, queries, path values and headers).
 */
import fc from "fast-check";
import { isStorableText } from "@/lib/http/wire";
import { call, type ApiResponse } from "../api/client";
import type { Tenant } from "../api/fixtures";
import { HOSTILE_STRINGS } from "./hostile";
import { arbitraryOf } from "./json-schema-arbitrary";
import type { Operation } from "./openapi";
import { overrides, type Pool } from "./fuzz-targets";

export type Body = { kind: "none" } | { kind: "json"; value: unknown } | { kind: "raw"; text: string; contentType: string };
export interface Case {
  kind: "valid" | "hostile" | "mutated" | "garbage";
  /** the seeded (or, for a DELETE, a fresh) resource, or these literal values */
  target: "pool" | Record<string, string>;
  query: Record<string, string>;
  body: Body;
  headers: Record<string, string>;
}

/** Header values may not hold control characters (fetch refuses them before any server sees them). */
const printable = (v: string) => v.replace(/[\u0000-\u001f\u007f]/g, "");

// Arbitraries that depend on no operation are built once: building a string arbitrary maps its
// whole unit (all of Unicode for "binary"), which cost more than running the operation's cases.
const QUERY_KEY = fc.string({ maxLength: 8 });
const QUERY_VALUE = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS.filter((s) => isStorableText(s))), fc.string());
const PATH_VALUE = fc.oneof(fc.uuid(), fc.constantFrom(...HOSTILE_STRINGS.filter((s) => isStorableText(s) && s !== "" && s.length < 200)), fc.integer().map(String));
const JUNK = fc.jsonValue({ maxDepth: 2 });
const GARBAGE = fc.oneof(
  fc.record({ kind: fc.constant("raw" as const), contentType: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1", "application/json"), text: fc.string({ unit: "binary", maxLength: 200 }) }),
  fc.constant<Body>({ kind: "raw", contentType: "application/json", text: "\uFEFF{}" }),
  fc.constant<Body>({ kind: "raw", contentType: "application/json", text: "1e999999" }),
  fc.constant<Body>({ kind: "raw", contentType: "application/json", text: `${"[".repeat(5000)}${"]".repeat(5000)}` }),
);
const NO_HEADERS = fc.constant<Record<string, string>>({});
const HOSTILE_HEADERS = fc.oneof(
  NO_HEADERS,
  fc.record({ "x-service-account": fc.oneof(fc.uuid(), fc.string({ unit: "binary-ascii", maxLength: 40 }).map(printable)) }),
  fc.record({ authorization: fc.string({ unit: "binary-ascii", maxLength: 300 }).map((v) => `Bearer hg_${printable(v).replace(/\s/g, "")}`) }),
  fc.record({ "content-length": fc.constantFrom("0", "-1", "99999999999", "abc") }),
);
/** One set of overrides per pool (an operation's cases and its burst share it). */
const overridesOf = new WeakMap<Pool, ReturnType<typeof overrides>>();
function overridesFor(pool: Pool) {
  if (!overridesOf.has(pool)) overridesOf.set(pool, overrides(pool));
  return overridesOf.get(pool)!;
}

export function caseArbitrary(op: Operation, pool: Pool): fc.Arbitrary<Case> {
  const override = overridesFor(pool);
  const validBody = op.body ? arbitraryOf(op.body, { override }) : fc.constant(undefined);
  const hostileBody = op.body ? arbitraryOf(op.body, { override, hostile: true }) : fc.constant(undefined);
  const json = (a: fc.Arbitrary<unknown>): fc.Arbitrary<Body> => a.map((value) => (value === undefined ? { kind: "none" } : { kind: "json", value }));
  const validQuery = validQueryOf(op, override);
  const hostileQuery = fc.dictionary(fc.oneof(fc.constantFrom(...op.queryParams.map((p) => p.name), "nextId", "__proto__", "startsAt[eq]"), QUERY_KEY), QUERY_VALUE, { maxKeys: 3 });
  const hostileTarget = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, PATH_VALUE]))) as fc.Arbitrary<Record<string, string>>;
  const mutated = fc
    .tuple(validBody, fc.constantFrom("drop", "replace", "wrap", "proto", "truncate", "type"), fc.nat(), JUNK)
    .map(([body, how, n, junk]): Body => {
      const obj = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      const keys = Object.keys(obj);
      const key = keys.length ? keys[n % keys.length] : "name";
      const text = JSON.stringify(body ?? {});
      switch (how) {
        case "drop":
          return { kind: "json", value: Object.fromEntries(keys.filter((k) => k !== key).map((k) => [k, obj[k]])) };
        case "replace":
          return { kind: "json", value: { ...obj, [key]: junk } };
        case "wrap":
          return { kind: "json", value: [body] };
        case "proto":
          return { kind: "raw", contentType: "application/json", text: text.startsWith("{") && text !== "{}" ? `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${text.slice(1)}` : `{"__proto__":{"polluted":true}}` };
        case "truncate":
          return { kind: "raw", contentType: "application/json", text: text.slice(0, Math.max(1, n % text.length)) };
        default:
          return { kind: "json", value: junk };
      }
    });
  return fc.oneof(
    { weight: 5, arbitrary: validCase(op, pool) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant("hostile" as const), target: fc.constant("pool" as const), query: fc.oneof(validQuery, hostileQuery), body: json(hostileBody), headers: NO_HEADERS }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("mutated" as const), target: fc.oneof({ weight: 3, arbitrary: fc.constant("pool" as const) }, hostileTarget), query: validQuery, body: op.body ? mutated : json(fc.constant(undefined)), headers: NO_HEADERS }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("garbage" as const), target: fc.oneof(fc.constant("pool" as const), hostileTarget), query: hostileQuery, body: GARBAGE, headers: HOSTILE_HEADERS }) },
  );
}

/** A request the operation should carry out: valid-shaped body and query, the seeded (or a fresh) target. */
export function validCase(op: Operation, pool: Pool): fc.Arbitrary<Case> {
  const validBody = op.body ? arbitraryOf(op.body, { override: overridesFor(pool) }) : fc.constant(undefined);
  return fc.record({
    kind: fc.constant("valid" as const),
    target: fc.constant("pool" as const),
    query: validQueryOf(op, overridesFor(pool)),
    body: validBody.map((value): Body => (value === undefined ? { kind: "none" } : { kind: "json", value })),
    headers: fc.constant({}),
  });
}

/** A valid-shaped query; the pool's overrides name a parameter by its name alone (a value they leave out is not sent). */
function validQueryOf(op: Operation, override?: ReturnType<typeof overrides>): fc.Arbitrary<Record<string, string>> {
  const params = op.queryParams.filter((p) => p.name !== "nextId").map((p) => [p.name, arbitraryOf(p.schema, { override }, [p.name]).map((v) => (v === undefined ? undefined : String(v)))]);
  const record = fc.record(Object.fromEntries(params), { requiredKeys: [] }) as fc.Arbitrary<Record<string, string | undefined>>;
  return record.map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Record<string, string>);
}

export async function send(op: Operation, t: Tenant, params: Record<string, string>, c: Case): Promise<ApiResponse> {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  const qs = new URLSearchParams(c.query).toString();
  const url = qs ? `${path}?${qs}` : path;
  // A GET cannot carry a body (fetch's Request refuses one), so its cases vary path and query only.
  if (c.body.kind === "none" || op.method === "GET") return call(op.method, url, { key: t.apiKey, headers: c.headers });
  if (c.body.kind === "json") return call(op.method, url, { key: t.apiKey, body: c.body.value, headers: c.headers });
  return call(op.method, url, { key: t.apiKey, rawBody: c.body.text, headers: { "content-type": c.body.contentType, ...c.headers } });
}

