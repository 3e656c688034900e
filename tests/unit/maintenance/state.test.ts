import { describe, expect, it } from "vitest";
import type { MaintenanceStatus } from "@/lib/db/types";
import { canMove, isFinal, isOpen, noticeFor, occurrenceStatusAt, type AutoFlags } from "@/lib/maintenance/state";

const S = 1_000_000;
const E = 2_000_000;
const before = S - 1;
const during = S + 1;
const after = E + 1;
const ON: AutoFlags = { autoStart: true, autoEnd: true };
const NO_START: AutoFlags = { autoStart: false, autoEnd: true };
const NO_END: AutoFlags = { autoStart: true, autoEnd: false };
const MANUAL: AutoFlags = { autoStart: false, autoEnd: false };

type Row = [string, AutoFlags, MaintenanceStatus | undefined, number, MaintenanceStatus];

const rows: Row[] = [
  // not materialised: the clock, as far as the flags allow
  ["unmaterialised, before start", ON, undefined, before, "SCHEDULED"],
  ["unmaterialised, at start", ON, undefined, S, "IN_PROGRESS"],
  ["unmaterialised, during", ON, undefined, during, "IN_PROGRESS"],
  ["unmaterialised, at end", ON, undefined, E, "COMPLETED"],
  ["unmaterialised, after", ON, undefined, after, "COMPLETED"],
  ["flags absent default to on", {}, undefined, during, "IN_PROGRESS"],
  ["autoStart off: scheduled during", NO_START, undefined, during, "SCHEDULED"],
  ["autoStart off: scheduled after its end (never started, never completes)", NO_START, undefined, after, "SCHEDULED"],
  ["autoEnd off: in progress past its end", NO_END, undefined, after, "IN_PROGRESS"],
  ["both off: scheduled after its end", MANUAL, undefined, after, "SCHEDULED"],
  // stored, untouched by anyone yet
  ["stored scheduled, before", ON, "SCHEDULED", before, "SCHEDULED"],
  ["stored scheduled, during (scheduler not run yet)", ON, "SCHEDULED", during, "IN_PROGRESS"],
  ["stored scheduled, after", ON, "SCHEDULED", after, "COMPLETED"],
  // an operator or the scheduler moved it
  ["operator started it early", ON, "IN_PROGRESS", before, "IN_PROGRESS"],
  ["operator started it early, autoStart off", MANUAL, "IN_PROGRESS", before, "IN_PROGRESS"],
  ["verifying during", ON, "VERIFYING", during, "VERIFYING"],
  ["verifying past end, autoEnd on", ON, "VERIFYING", after, "COMPLETED"],
  ["verifying past end, autoEnd off", NO_END, "VERIFYING", after, "VERIFYING"],
  ["in progress past end, autoEnd off", MANUAL, "IN_PROGRESS", after, "IN_PROGRESS"],
  ["in progress past end, autoStart off but autoEnd on", NO_START, "IN_PROGRESS", after, "COMPLETED"],
  ["operator completed it early", ON, "COMPLETED", during, "COMPLETED"],
  ["completed before it began stays completed", ON, "COMPLETED", before, "COMPLETED"],
  // cancelled is final whatever the clock says
  ["cancelled before", ON, "CANCELLED", before, "CANCELLED"],
  ["cancelled during", ON, "CANCELLED", during, "CANCELLED"],
  ["cancelled after", ON, "CANCELLED", after, "CANCELLED"],
  ["cancelled, flags off", MANUAL, "CANCELLED", during, "CANCELLED"],
];

describe("occurrenceStatusAt", () => {
  it.each(rows)("%s", (_name, flags, status, now, expected) => {
    expect(occurrenceStatusAt(flags, { startsAt: S, endsAt: E, status }, now)).toBe(expected);
  });

  it("treats a null stored status like an unmaterialised occurrence", () => {
    expect(occurrenceStatusAt(ON, { startsAt: S, endsAt: E, status: null }, during)).toBe("IN_PROGRESS");
  });
});

describe("final and open statuses", () => {
  const all: MaintenanceStatus[] = ["SCHEDULED", "IN_PROGRESS", "VERIFYING", "COMPLETED", "CANCELLED"];
  it.each(all.flatMap((from) => all.map((to) => [from, to] as const)))("%s -> %s", (from, to) => {
    expect(canMove(from, to)).toBe(!(from === "COMPLETED" || from === "CANCELLED") || from === to);
  });
  it("names the final and open ones", () => {
    expect(all.filter(isFinal)).toEqual(["COMPLETED", "CANCELLED"]);
    expect(all.filter(isOpen)).toEqual(["IN_PROGRESS", "VERIFYING"]);
  });
});

describe("noticeFor: start and end follow the status, not the clock", () => {
  it.each([
    ["SCHEDULED", "IN_PROGRESS", "maintenance.start"],
    ["SCHEDULED", "VERIFYING", "maintenance.start"],
    ["SCHEDULED", "COMPLETED", "maintenance.end"],
    ["IN_PROGRESS", "COMPLETED", "maintenance.end"],
    ["VERIFYING", "COMPLETED", "maintenance.end"],
    ["IN_PROGRESS", "VERIFYING", null],
    ["VERIFYING", "IN_PROGRESS", null],
    ["SCHEDULED", "SCHEDULED", null],
    ["IN_PROGRESS", "IN_PROGRESS", null],
    ["COMPLETED", "COMPLETED", null],
    ["SCHEDULED", "CANCELLED", null],
    ["IN_PROGRESS", "CANCELLED", null],
    ["CANCELLED", "CANCELLED", null],
  ] as const)("%s -> %s: %s", (from, to, notice) => {
    expect(noticeFor(from, to)).toBe(notice);
  });
});
