/**
 * The vendor's published response schemas (tests/fixtures/vendor-schemas), compiled with ajv the way the
 * vendor's README says: draft 2020-12, formats on, `strict: false`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

const read = (file: string) => JSON.parse(readFileSync(join(import.meta.dirname, "../fixtures/vendor-schemas", file), "utf8")) as Record<string, object>;
const RESPONSES = { ...read("responses.json"), ...read("accounts-responses.json") };
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const compiled = new Map<string, ValidateFunction>();

/** The errors of `body` against the vendor's shape `name` (empty when it validates). */
export function vendorSchemaErrors(name: string, body: unknown): string[] {
  if (!(name in RESPONSES)) throw new Error(`no vendor schema named ${name}`);
  let validate = compiled.get(name);
  if (!validate) compiled.set(name, (validate = ajv.compile(RESPONSES[name])));
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
}
