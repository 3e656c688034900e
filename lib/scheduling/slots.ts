import { nextSlotAfter, periodMs } from "@/lib/checks/frequency";

/* Pure: which slot of a check runs now, where it runs, and its next slot. */

export interface SlotPlan {
  /** the slot this run belongs to (epoch ms) */
  scheduledAt: number;
  /** the check's next slot, written with a conditional update so one instance owns `scheduledAt` */
  next: number;
}

/**
 * The slot to run for a check whose stored slot `due` has come. A planner that was down runs only the latest slot
 * that has begun, not every one it missed, and the next slot is always after `now`.
 */
export function planSlot(frequency: number, offset: number, due: number, now: number): SlotPlan {
  const period = periodMs(frequency, offset);
  const latest = nextSlotAfter(frequency, offset, now) - period;
  if (due >= latest) return { scheduledAt: due, next: nextSlotAfter(frequency, offset, due) };
  return { scheduledAt: latest, next: latest + period };
}

/**
 * The locations of one scheduled run: all of them with runParallel, else one per run, round robin by the slot's
 * number, so consecutive runs walk the list without stored state.
 */
export function locationsOfRun(locations: readonly string[], runParallel: boolean, scheduledAt: number, period: number): string[] {
  if (locations.length === 0) return [];
  if (runParallel) return [...locations];
  const n = Math.floor(scheduledAt / Math.max(period, 1));
  return [locations[((n % locations.length) + locations.length) % locations.length]];
}
