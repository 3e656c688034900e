/**
 * What the audit log keeps of a before/after: plain JSON, with every value under a secret-sounding key replaced.
 * Keys are matched by name at any depth, so a new secret field is redacted without being listed here.
 */
const SECRET_KEY = /(password|secret|token|(^|_)key$|^key$|apikey|rawkey|hash|credential|authorization|cookie|backupcodes|signing)/i;
/** Names that end in "key" yet hold no secret (masked values, ids). */
const NOT_SECRET = /^(maskedKey|masked_key|keyId|key_id|idempotencyKey|dedupKey|dedup_key)$/i;
export const REDACTED = "[redacted]";

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key) && !NOT_SECRET.test(key);
}

export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (depth > 8) return "[nested]";
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redact(v, depth + 1));
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) out[k] = isSecretKey(k) ? REDACTED : redact(v, depth + 1);
    return out;
  }
  if (typeof value === "string" && value.length > 4000) return `${value.slice(0, 4000)}…`;
  return value;
}

/** Top-level fields whose redacted values differ between before and after (all of after's on a create). */
export function changedFields(before: unknown, after: unknown): string[] {
  const b = (before && typeof before === "object" ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === "object" ? after : {}) as Record<string, unknown>;
  const keys = new Set([...Object.keys(b), ...Object.keys(a)]);
  return [...keys].filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null)).sort();
}
