/**
 * fast-check arbitraries from a JSON Schema (the subset zod-openapi writes for request schemas):
 * values that satisfy the schema, optionally laced with hostile values. `override` lets a caller
 * supply real ids or coherent values for named fields, so valid-shaped cases reach the verbs.
 */
import fc from "fast-check";
import { HOSTILE_NUMBERS, HOSTILE_STRINGS } from "./hostile";
import type { JsonSchema } from "./openapi";

export type Path = (string | number)[];

export interface ArbitraryOptions {
  /** lace every string and number with hostile values */
  hostile?: boolean;
  /** an arbitrary for this path instead of the schema's, or undefined to use the schema */
  override?: (path: Path, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;
}

/** Strings short enough to keep runs fast; hostile mode adds the long ones. */
const MAX_GENERATED_LENGTH = 40;

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** Built once per schema: a string arbitrary maps its unit when built, which costs more than sampling it. */
const strings = new Map<string, fc.Arbitrary<string>>();
function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const key = JSON.stringify([schema.format, schema.pattern, schema.minLength, schema.maxLength]);
  if (!strings.has(key)) strings.set(key, buildStringArbitrary(schema));
  return strings.get(key)!;
}

function buildStringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? MAX_GENERATED_LENGTH, MAX_GENERATED_LENGTH);
  const min = Math.min(schema.minLength ?? 0, max);
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "date-time":
      return fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString());
    case "uri":
      return fc.webUrl({ validSchemes: ["https", "http"] }).filter((u) => u.length <= (schema.maxLength ?? 2048));
    case "email":
      return fc.emailAddress();
  }
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
  // Printable text: a leading or trailing space only, which trimming schemas accept.
  return fc.string({ unit: "grapheme", minLength: Math.max(min, 1), maxLength: Math.max(max, 1) }).filter((s) => s.length <= (schema.maxLength ?? Infinity) && s.trim().length >= Math.min(min, 1));
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1_000_000);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1_000_000);
  return integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

export function arbitraryOf(schema: JsonSchema, opts: ArbitraryOptions = {}, path: Path = []): fc.Arbitrary<unknown> {
  const custom = opts.override?.(path, schema);
  if (custom) return custom;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return lace(fc.constantFrom(...schema.enum), opts, "string");
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((b) => arbitraryOf(b, opts, path)));
  const ts = types(schema);
  if (ts.length > 1) return fc.oneof(...ts.map((type) => arbitraryOf({ ...schema, type }, opts, path)));
  switch (ts[0]) {
    case "string":
      return lace(stringArbitrary(schema), opts, "string");
    case "integer":
      return lace(numberArbitrary(schema, true), opts, "number");
    case "number":
      return lace(numberArbitrary(schema, false), opts, "number");
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const maxLength = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
      return fc.array(arbitraryOf(schema.items ?? {}, opts, [...path, 0]), { minLength: schema.minItems ?? 0, maxLength });
    }
    case "object":
      return objectArbitrary(schema, opts, path);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(schema: JsonSchema, opts: ArbitraryOptions, path: Path): fc.Arbitrary<unknown> {
  const props = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const arbs = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, arbitraryOf(v, opts, [...path, k])]));
  // Optional fields: present in about half the cases, so each is exercised without every case carrying all.
  const record = fc.record(arbs, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) });
  if (!opts.hostile) return record;
  return fc.oneof(
    { weight: 4, arbitrary: record },
    { weight: 1, arbitrary: fc.tuple(record, fc.constantFrom("__proto__", "constructor", "prototype", "toString"), fc.jsonValue({ maxDepth: 2 })).map(([r, k, v]) => withOwnKey(r as object, k, v)) },
  );
}

/** An object with `key` as an own property, even `__proto__` (as JSON.parse would make it). */
function withOwnKey(obj: object, key: string, value: unknown): object {
  const out = { ...obj };
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

const HOSTILE = { string: fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: "binary", maxLength: 30 })), number: fc.constantFrom(...HOSTILE_NUMBERS) };
const SHALLOW_JSON = fc.jsonValue({ maxDepth: 1 });

function lace<T>(valid: fc.Arbitrary<T>, opts: ArbitraryOptions, kind: "string" | "number"): fc.Arbitrary<unknown> {
  if (!opts.hostile) return valid;
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: HOSTILE[kind] }, { weight: 1, arbitrary: SHALLOW_JSON });
}
