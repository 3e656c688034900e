import type { z } from "zod";
import { ValidationError } from "@/lib/errors";

export type Source = "body" | "query" | "path";

/** `cards.0.services` style path; the top-level source is left out so paths match the documented field names. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((p) => String(p)).join(".");
}

/**
 * Parses with a zod schema; a failure is a ValidationError naming every offending field path in
 * `attributes.fields` and each problem in `attributes.issues`.
 */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown, source: Source): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issues = r.error.issues.map((i) => {
    // An unknown key is reported at its parent; name the key itself so the client sees which field.
    const keys = i.code === "unrecognized_keys" ? i.keys : [undefined];
    return keys.map((k) => ({ path: fieldPath(k === undefined ? i.path : [...i.path, k]) || source, message: i.message }));
  }).flat();
  throw invalidFields(issues, source);
}

export interface FieldIssue {
  path: string;
  message: string;
}

/** The 400 of a schema failure, for checks a schema cannot make (a verb's look-ups): every offending field path. */
export function invalidFields(issues: readonly FieldIssue[], source: Source = "body"): ValidationError {
  const fields = [...new Set(issues.map((i) => i.path))];
  const first = issues[0];
  const where = source === "body" ? "request body" : source === "query" ? "query string" : "path";
  return new ValidationError(`Invalid ${where}: ${first.path}: ${first.message}`, { fields, issues: [...issues] });
}
