import type { HeartbeatSettings } from "@/lib/checks/types";
import type { HeartbeatState } from "@/lib/db/types";
import { DAY_MS } from "@/lib/time/units";

/*
 * The period-and-grace rule, pure. A window starts at its anchor (the last ping, the last missed window's end, or
 * activation): a ping is expected within `period`; past it the grace starts (GRACE); past period + grace the
 * window is missed (FAILING, a failing FINAL result) and the next window starts there.
 */

const UNIT_MS = { seconds: 1_000, minutes: 60_000, hours: 3_600_000, days: DAY_MS } as const;

export const periodMs = (s: HeartbeatSettings) => s.period * UNIT_MS[s.periodUnit];
export const graceMs = (s: HeartbeatSettings) => s.grace * UNIT_MS[s.graceUnit];

export interface Window {
  /** when the window started (epoch ms) */
  anchor: number;
  /** the last ping's time, null when none since activation */
  lastPingAt: number | null;
}

/**
 * What a ping at `at` is: LATE inside the grace, EARLY sooner than half a period after the previous ping (a job
 * running more often than scheduled), otherwise RECEIVED. Past the grace the window was missed: sweep it first.
 */
export function classifyPing(w: Window, at: number, s: HeartbeatSettings): HeartbeatState {
  const deadline = w.anchor + periodMs(s);
  if (at >= deadline && at < deadline + graceMs(s)) return "LATE";
  if (w.lastPingAt !== null && at - w.lastPingAt < periodMs(s) / 2) return "EARLY";
  return "RECEIVED";
}

export interface Transition {
  state: "GRACE" | "FAILING";
  at: number;
  /** the window this transition belongs to: what makes it the same across instances */
  anchor: number;
}

/** The transitions due by `now` for a window (GRACE then FAILING), each window missed starting the next one. */
export function dueTransitions(w: Window, now: number, s: HeartbeatSettings, max = 100): Transition[] {
  const out: Transition[] = [];
  let anchor = w.anchor;
  const p = periodMs(s);
  const g = graceMs(s);
  while (out.length < max) {
    const deadline = anchor + p;
    if (now < deadline) break;
    if (g > 0) out.push({ state: "GRACE", at: deadline, anchor });
    if (now < deadline + g) break;
    out.push({ state: "FAILING", at: deadline + g, anchor });
    anchor = deadline + g;
  }
  return out;
}

/** Whether a ping (or a miss) ends the window: GRACE does not, it only marks the grace as started. */
export const endsWindow = (state: HeartbeatState) => state !== "GRACE";
