import { createHash } from "node:crypto";
import { z } from "zod";
import { ValidationError } from "@/lib/errors";

/** What an adapter may know besides the body: the label whose bare value is also a tag, and the arrival time. */
export interface FormatOptions {
  matchLabel: string;
  now: number;
}

const MAX_TEXT = 1000;
/** Free text from the tool, kept to what a log line and an incident title can hold. */
export const clip = (s: string, max = MAX_TEXT): string => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

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

/** Parses with the format's schema; a body that is not that format is one 400 naming the offending fields. */
export function parseFormat<S extends z.ZodType>(schema: S, raw: unknown, format: string): z.output<S> {
  const r = schema.safeParse(raw);
  if (r.success) return r.data;
  const fields = [...new Set(r.error.issues.map((i) => i.path.join(".") || "body"))].slice(0, 20);
  throw new ValidationError(`The body is not a ${format} payload: ${r.error.issues[0]?.message ?? "invalid"} at ${fields[0]}`, { fields, format });
}

export const Str = z.string().max(10_000);
export const Labels = z.record(z.string().max(1000), z.string().max(10_000));
