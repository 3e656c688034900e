/** Timestamps are epoch milliseconds in the database (see types.ts); the wire uses ISO 8601 with milliseconds and Z. */
export const toIso = (ms: number): string => new Date(Number(ms)).toISOString();
export const toIsoOrNull = (ms: number | null): string | null => (ms === null ? null : toIso(ms));
export const fromIso = (iso: string): number => Date.parse(iso);
export const now = (): number => Date.now();
