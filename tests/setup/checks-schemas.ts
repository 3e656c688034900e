/**
 * The vendor's monitoring-side response schemas (tests/fixtures/vendor-schemas/checks-responses.json), compiled as
 * vendor-schemas.ts compiles the status-page ones. Kept apart: both files name shapes such as `ApiError` differently.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

let shapes: Record<string, object> | null = null;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

/** The errors of `body` against the vendor's monitoring shape `name` (empty when it validates). */
export function checksSchemaErrors(name: string, body: unknown): string[] {
  shapes ??= JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/vendor-schemas/checks-responses.json"), "utf8")) as Record<string, object>;
  if (!(name in shapes)) throw new Error(`no vendor schema named ${name}`);
  let validate = compiled.get(name);
  if (!validate) compiled.set(name, (validate = ajv.compile(shapes[name])));
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
}
