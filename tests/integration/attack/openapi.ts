/**
 * The /v1 operations as `/openapi.json` describes them, read from the document the server serves
 * (built in-process), with `$ref`s resolved, so tests derive their cases from the contract itself.
 */
import { openApiDocument } from "@/lib/openapi/document";

export type JsonSchema = {
  type?: string | string[];
  $ref?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  default?: unknown;
};

export interface Param {
  name: string;
  in: "path" | "query";
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  id: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** e.g. /v1/status-pages/{id} */
  path: string;
  pathParams: Param[];
  queryParams: Param[];
  body?: JsonSchema;
  bodyRequired: boolean;
  /** the documented success status */
  success: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const doc = () => JSON.parse(JSON.stringify(openApiDocument())) as any;

/** Replaces every `$ref` by the schema it names (the request schemas have no cycles). */
export function deref(schema: JsonSchema, components: Record<string, JsonSchema> = doc().components.schemas): JsonSchema {
  if (schema.$ref) return deref(components[schema.$ref.replace("#/components/schemas/", "")], components);
  const out: JsonSchema = { ...schema };
  for (const k of ["anyOf", "oneOf", "allOf"] as const) if (out[k]) out[k] = out[k].map((s) => deref(s, components));
  if (out.items) out.items = deref(out.items, components);
  if (out.properties) out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, deref(v, components)]));
  if (typeof out.additionalProperties === "object") out.additionalProperties = deref(out.additionalProperties, components);
  return out;
}

export function operations(): Operation[] {
  const d = doc();
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(d.paths as Record<string, Record<string, unknown>>)) {
    for (const [method, raw] of Object.entries(item)) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const o = raw as any;
      const params: Param[] = (o.parameters ?? []).map((p: Param) => ({ ...p, required: !!p.required, schema: deref(p.schema, d.components.schemas) }));
      const content = o.requestBody?.content?.["application/json"]?.schema;
      out.push({
        id: o.operationId,
        method: method.toUpperCase() as Operation["method"],
        path,
        pathParams: params.filter((p) => p.in === "path"),
        queryParams: params.filter((p) => p.in === "query"),
        body: content ? deref(content, d.components.schemas) : undefined,
        bodyRequired: !!o.requestBody?.required,
        success: Number(Object.keys(o.responses).find((s) => s.startsWith("2"))),
      });
    }
  }
  return out;
}

/** Every string-typed leaf of a schema, as a path (array items at index 0), each branch of an anyOf included. */
export function stringLeaves(schema: JsonSchema, at: (string | number)[] = []): (string | number)[][] {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const out: (string | number)[][] = [];
  if (types.includes("string")) out.push(at);
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) out.push(...stringLeaves(branch, at));
  if (schema.items) out.push(...stringLeaves(schema.items, [...at, 0]));
  for (const [k, v] of Object.entries(schema.properties ?? {})) out.push(...stringLeaves(v, [...at, k]));
  const unique = new Map(out.map((p) => [JSON.stringify(p), p]));
  return [...unique.values()];
}

/** `{a: [{b: value}]}` for the path ["a", 0, "b"]. */
export function valueAt(path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  return typeof head === "number" ? [valueAt(rest, value)] : { [head]: valueAt(rest, value) };
}
