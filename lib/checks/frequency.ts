/**
 * The vendor's frequency set and its frequencyOffset rule (api-contract-checks.md §1.4): minutes from a fixed set;
 * frequency 0 runs every 10, 20 or 30 seconds (the offset); otherwise the offset places the check's slot within its
 * period, in steps of 6 s (frequency ≤ 60: offsets 1..f·10) or 1 h (frequency > 60: offsets 1..⌈f/60⌉).
 */
export const FREQUENCIES = [0, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const SUB_MINUTE_OFFSETS = [10, 20, 30] as const;

const MINUTE = 60_000;

/** The largest offset a frequency allows (frequency 0: 30 seconds). */
export function maxOffset(frequency: number): number {
  if (frequency === 0) return 30;
  return frequency <= 60 ? Math.floor(frequency * 10) : Math.ceil(frequency / 60);
}

/** Why an offset does not fit its frequency, or null when it does. */
export function offsetProblem(frequency: number, offset: number): string | null {
  if (!Number.isInteger(offset) || offset < 1) return "must be an integer of at least 1";
  if (frequency === 0) return (SUB_MINUTE_OFFSETS as readonly number[]).includes(offset) ? null : "must be 10, 20 or 30 with frequency 0 (runs every that many seconds)";
  const max = maxOffset(frequency);
  return offset <= max ? null : `must be between 1 and ${max} for frequency ${frequency}`;
}

/** How long one period is, in ms. */
export function periodMs(frequency: number, offset: number): number {
  return frequency === 0 ? offset * 1000 : frequency * MINUTE;
}

/** Where in its period a check runs, in ms after the period's start (epoch-aligned). */
export function phaseMs(frequency: number, offset: number): number {
  if (frequency === 0) return 0;
  const step = frequency <= 60 ? 6_000 : 60 * MINUTE;
  return (offset * step) % periodMs(frequency, offset);
}

/** The first slot strictly after `after` (epoch ms). */
export function nextSlotAfter(frequency: number, offset: number, after: number): number {
  const period = periodMs(frequency, offset);
  const phase = phaseMs(frequency, offset);
  return Math.floor((after - phase) / period) * period + phase + period;
}

/**
 * An offset for a check that sent none: spread by its id, so checks created together do not all run in the same
 * second. Frequency 0 keeps 10 s (the vendor's default sub-minute rate is not stated; 10 is the first it allows).
 */
export function spreadOffset(frequency: number, id: string): number {
  if (frequency === 0) return 10;
  let h = 2166136261;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 16777619) >>> 0;
  return (h % maxOffset(frequency)) + 1;
}
