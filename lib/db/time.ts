/** Timestamps are epoch milliseconds in the database (see types.ts); the wire uses ISO 8601 with milliseconds and Z. */

/*
 * Recently formatted timestamps, kept: a page's JSON and live fingerprint format the same few hundred at every render,
 * and toISOString costs ~1 µs here, more under Next's wrapped Date (~0.6 ms a render for 200 components).
 * Bounded: cleared whole when full.
 */
const ISO_MAX = 10_000;
const isoOf = new Map<number, string>();

export const toIso = (ms: number): string => {
  const at = Number(ms);
  let iso = isoOf.get(at);
  if (iso === undefined) {
    // Throws (RangeError) for a time that is not one, as before, and keeps nothing.
    iso = new Date(at).toISOString();
    if (isoOf.size >= ISO_MAX) isoOf.clear();
    isoOf.set(at, iso);
  }
  return iso;
};
export const toIsoOrNull = (ms: number | null): string | null => (ms === null ? null : toIso(ms));
export const now = (): number => Date.now();
