import { createHash } from "node:crypto";
import { z } from "zod";
import type { AlertEvent } from "@/lib/automation/alert";
import { ValidationError } from "@/lib/errors";
import { isStorableText, text } from "@/lib/http/wire";

/** What an adapter may know besides the body: the label whose bare value is also a tag, and the arrival time. */
export interface FormatOptions {
  matchLabel: string;
  now: number;
}

const MAX_TEXT = 1000;
/** Free text from the tool, kept to what a log line and an incident title can hold (never cut inside a surrogate pair). */
export function clip(s: string, max = MAX_TEXT): string {
  if (s.length <= max) return s;
  const end = /[\uD800-\uDBFF]/.test(s[max - 2]) ? max - 2 : max - 1;
  return `${s.slice(0, end)}…`;
}

/** A time as tools send it: ISO 8601 or epoch seconds/ms; Go's zero time and the unparseable become undefined. */
export function timeOf(v: unknown): number | undefined {
  if (typeof v === "number" && Number.isFinite(v) && v > 0) return v < 1e12 ? Math.round(v * 1000) : Math.round(v);
  if (typeof v !== "string" || v.trim() === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(v.trim())) return timeOf(Number(v));
  const t = Date.parse(v);
  return Number.isFinite(t) && t > 0 ? t : undefined;
}

/** `key=value` for every label, plus the bare value of the label the integration matches on. */
export function labelTags(labels: Record<string, string>, matchLabel: string): string[] {
  const tags = Object.entries(labels).map(([k, v]) => `${k}=${v}`);
  const bare = labels[matchLabel];
  if (bare) tags.push(bare);
  return [...new Set(tags.map((t) => clip(t, 200)))];
}

/** A stable key for a set of labels, for senders that give no fingerprint. */
export function labelsKey(labels: Record<string, string>): string {
  const sorted = Object.keys(labels).sort().map((k) => [k, labels[k]]);
  return createHash("sha256").update(JSON.stringify(sorted)).digest("hex").slice(0, 16);
}

function refuseBody(issues: readonly z.core.$ZodIssue[], format: string, at: PropertyKey[] = []): never {
  const fields = [...new Set(issues.map((i) => fieldOf([...at, ...i.path]) || "body"))].slice(0, 20);
  throw new ValidationError(`The body is not a ${format} payload: ${issues[0]?.message ?? "invalid"} at ${fields[0]}`, { fields, format });
}

/** Parses with the format's schema; a body that is not that format is one 400 naming the offending fields. */
export function parseFormat<S extends z.ZodType>(schema: S, raw: unknown, format: string): z.output<S> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  return refuseBody(r.error.issues, format);
}

/** A field path as the answer names it; a label name that is itself unstorable is written escaped. */
const fieldOf = (path: readonly PropertyKey[]): string => path.map((k) => (typeof k === "string" && !isStorableText(k) ? JSON.stringify(k) : String(k))).join(".");

function valueAt(item: unknown, path: readonly PropertyKey[]): unknown {
  let v = item;
  for (const k of path) v = v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[k] : undefined;
  return v;
}

/** Is this issue only the text rule: a string value (or a record's key) that a store cannot hold? */
function isTextIssue(item: unknown, issue: z.core.$ZodIssue): boolean {
  if (issue.code === "invalid_key") {
    const key = issue.path[issue.path.length - 1];
    return typeof key === "string" && !isStorableText(key);
  }
  if (issue.code !== "custom") return false;
  const v = valueAt(item, issue.path);
  return typeof v === "string" && !isStorableText(v);
}

/** How an adapter names an item it could not read, so its refusal is answered beside the others' decisions. */
export type RefusedAs = (raw: unknown, index: number) => Pick<AlertEvent, "dedupKey" | "action">;

/** A stand-in for a refused item's dedup key: its own when storable, else where it sat in the body. */
export const keyOr = (key: unknown, where: string): string => (typeof key === "string" && key !== "" && key.length <= 255 && isStorableText(key) ? key : where);

/**
 * Parses each item of a body's list alone. An item whose only fault is text a store cannot hold (a NUL in a
 * label) is refused by itself, as an event saying which field, so the rest of the group is still decided;
 * any other fault means the sender does not speak this format, and refuses the whole body.
 */
export function parseItems<S extends z.ZodType>(schema: S, items: readonly unknown[], at: string, format: string, read: (item: z.output<S>) => AlertEvent, refusedAs: RefusedAs, now: number): AlertEvent[] {
  return items.map((item, i) => {
    const r = schema.safeParse(item);
    if (r.success) return read(r.data);
    if (!r.error.issues.every((issue) => isTextIssue(item, issue))) refuseBody(r.error.issues, format, [at, i]);
    const field = fieldOf([at, i, ...r.error.issues[0].path]);
    return { ...refusedAs(item, i), occurredAt: now, summary: "refused", tags: [], refused: `refused: ${field} must not contain NUL characters or unpaired UTF-16 surrogates; nothing of this alert was decided` };
  });
}

/** Text as every other input reads it (lib/http/wire): what neither store can hold is refused, never stored. */
export const Str = text().max(10_000);
export const Labels = z.record(text().max(1000), text().max(10_000));
