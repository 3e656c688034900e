import type { MaintenanceStatus } from "@/lib/db/types";

/* Pure: the state an occurrence is in at a given time, the one rule the scheduler and the public side share. */

/** A window's automation flags as stored in `statusPageVisibility` (absent = on, the contract's default). */
export interface AutoFlags {
  autoStart?: boolean;
  autoEnd?: boolean;
}

export interface OccurrenceTimes {
  startsAt: number;
  endsAt: number;
  /** the stored status; undefined (or null) when the occurrence is not a row yet */
  status?: MaintenanceStatus | null;
}

const FINAL: ReadonlySet<MaintenanceStatus> = new Set(["COMPLETED", "CANCELLED"]);
const OPEN: ReadonlySet<MaintenanceStatus> = new Set(["IN_PROGRESS", "VERIFYING"]);

/** COMPLETED and CANCELLED never move again. */
export const isFinal = (status: MaintenanceStatus): boolean => FINAL.has(status);

/** IN_PROGRESS or VERIFYING: the maintenance is happening (components are under maintenance). */
export const isOpen = (status: MaintenanceStatus): boolean => OPEN.has(status);

/**
 * The status at `now`: the stored status, moved forward by the clock only as the scheduler would (autoStart, autoEnd),
 * so a page read before the scheduler's next tick already says what the tick will write. With a flag off only an
 * operator's update makes that step, and the status stays where it is, past its time.
 */
export function occurrenceStatusAt(window: AutoFlags, occ: OccurrenceTimes, now: number): MaintenanceStatus {
  const autoStart = window.autoStart ?? true;
  const autoEnd = window.autoEnd ?? true;
  let status: MaintenanceStatus = occ.status ?? "SCHEDULED";
  if (isFinal(status)) return status;
  if (status === "SCHEDULED" && autoStart && now >= occ.startsAt) status = "IN_PROGRESS";
  if (isOpen(status) && autoEnd && now >= occ.endsAt) status = "COMPLETED";
  return status;
}

/** An operator may not move a final occurrence to another status (a second note with the same status is fine). */
export function canMove(from: MaintenanceStatus, to: MaintenanceStatus): boolean {
  return !isFinal(from) || from === to;
}

/**
 * The start or end notice a status change announces: start when a scheduled occurrence begins (in progress or
 * straight to verifying), end when one completes. A skipped (cancelled) one announces nothing.
 */
export function noticeFor(from: MaintenanceStatus, to: MaintenanceStatus): "maintenance.start" | "maintenance.end" | null {
  if (from === "SCHEDULED" && isOpen(to)) return "maintenance.start";
  if (to === "COMPLETED" && from !== "COMPLETED") return "maintenance.end";
  return null;
}
