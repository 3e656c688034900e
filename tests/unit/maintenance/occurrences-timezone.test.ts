import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { isIanaZone, occurrencesBetween } from "@/lib/maintenance/occurrences";

const H = 3_600_000;
const D = 24 * H;
type W = Parameters<typeof occurrencesBetween>[0];

/** A window starting at `local` wall-clock time in `zone`, lasting `hours` real hours. */
function win(local: string, zone: string | null, over: Partial<W> = {}, hours = 2): W {
  const start = DateTime.fromISO(local, { zone: zone ?? "UTC" }).toMillis();
  return { id: 7, starts_at: start, ends_at: start + hours * H, repeat_unit: "WEEK", repeat_interval: 1, repeat_ends_at: null, timezone: zone, ...over };
}
const local = (ms: number, zone: string) => DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd HH:mm ZZ");
const utc = (ms: number) => new Date(ms).toISOString().slice(0, 16);

describe("occurrences repeat in the window's time zone", () => {
  it("keeps a weekly Monday 02:00 Europe/Berlin start across the March and October changes", () => {
    const w = win("2026-03-16T02:00", "Europe/Berlin");
    const occ = occurrencesBetween(w, w.starts_at, Date.parse("2026-11-10T00:00:00Z"));
    const berlin = occ.map((o) => local(o.startsAt, "Europe/Berlin"));
    expect(berlin.slice(0, 3)).toEqual(["2026-03-16 02:00 +01:00", "2026-03-23 02:00 +01:00", "2026-03-30 02:00 +02:00"]);
    expect(berlin.filter((s) => s.startsWith("2026-10-") || s.startsWith("2026-11-"))).toEqual([
      "2026-10-05 02:00 +02:00", "2026-10-12 02:00 +02:00", "2026-10-19 02:00 +02:00", "2026-10-26 02:00 +01:00", "2026-11-02 02:00 +01:00", "2026-11-09 02:00 +01:00",
    ]);
    expect(occ).toHaveLength(35);
    expect(occ.every((o) => DateTime.fromMillis(o.startsAt, { zone: "Europe/Berlin" }).toFormat("ccc HH:mm") === "Mon 02:00")).toBe(true);
    // In UTC the start moves by an hour at each change; the length in real time never does.
    expect(utc(occ[1].startsAt)).toBe("2026-03-23T01:00");
    expect(utc(occ[2].startsAt)).toBe("2026-03-30T00:00");
    expect(utc(occ[32].startsAt)).toBe("2026-10-26T01:00");
    expect(occ.every((o) => o.endsAt - o.startsAt === 2 * H)).toBe(true);
  });

  it("keeps a weekly 09:30 America/New_York start across the US changes (March and November)", () => {
    const w = win("2026-03-01T09:30", "America/New_York", {}, 1);
    const occ = occurrencesBetween(w, w.starts_at, Date.parse("2026-11-20T00:00:00Z"));
    const ny = occ.map((o) => local(o.startsAt, "America/New_York"));
    expect(ny.slice(0, 2)).toEqual(["2026-03-01 09:30 -05:00", "2026-03-08 09:30 -04:00"]);
    expect(ny.filter((s) => s.startsWith("2026-11-"))).toEqual(["2026-11-01 09:30 -05:00", "2026-11-08 09:30 -05:00", "2026-11-15 09:30 -05:00"]);
    expect(utc(occ[0].startsAt)).toBe("2026-03-01T14:30");
    expect(utc(occ[1].startsAt)).toBe("2026-03-08T13:30");
  });

  it("repeats daily at the same local time across a change", () => {
    const w = win("2026-10-23T23:00", "Europe/Berlin", { repeat_unit: "DAY" }, 3);
    const occ = occurrencesBetween(w, w.starts_at, w.starts_at + 4 * D);
    expect(occ.map((o) => local(o.startsAt, "Europe/Berlin"))).toEqual([
      "2026-10-23 23:00 +02:00", "2026-10-24 23:00 +02:00", "2026-10-25 23:00 +01:00", "2026-10-26 23:00 +01:00",
    ]);
    // The night of the change still lasts three real hours (it ends at 01:00 local, not 02:00).
    expect(occ.map((o) => o.endsAt - o.startsAt)).toEqual([3 * H, 3 * H, 3 * H, 3 * H]);
    expect(occ[2].startsAt - occ[1].startsAt).toBe(D + H);
  });

  it("puts a monthly window on the 31st on the last day of shorter months, in local time", () => {
    const w = win("2026-01-31T02:00", "Europe/Berlin", { repeat_unit: "MONTH" });
    const occ = occurrencesBetween(w, w.starts_at, Date.parse("2026-08-01T00:00:00Z"));
    expect(occ.map((o) => local(o.startsAt, "Europe/Berlin"))).toEqual([
      "2026-01-31 02:00 +01:00", "2026-02-28 02:00 +01:00", "2026-03-31 02:00 +02:00", "2026-04-30 02:00 +02:00",
      "2026-05-31 02:00 +02:00", "2026-06-30 02:00 +02:00", "2026-07-31 02:00 +02:00",
    ]);
  });

  it("stops at repeatEndsAt (an occurrence starting exactly then is the last)", () => {
    const w0 = win("2026-03-15T02:00", "Europe/Berlin");
    const last = DateTime.fromISO("2026-04-05T02:00", { zone: "Europe/Berlin" }).toMillis();
    const occ = occurrencesBetween({ ...w0, repeat_ends_at: last }, w0.starts_at, w0.starts_at + 365 * D);
    expect(occ.map((o) => local(o.startsAt, "Europe/Berlin").slice(0, 10))).toEqual(["2026-03-15", "2026-03-22", "2026-03-29", "2026-04-05"]);
    expect(occurrencesBetween({ ...w0, repeat_ends_at: last - 1 }, w0.starts_at, w0.starts_at + 365 * D)).toHaveLength(3);
  });

  it("moves a wall-clock time that does not exist on the spring-forward day forward by the gap", () => {
    const w = win("2026-03-28T02:30", "Europe/Berlin", { repeat_unit: "DAY" }, 1);
    const occ = occurrencesBetween(w, w.starts_at, w.starts_at + 3 * D, 3);
    expect(occ.map((o) => local(o.startsAt, "Europe/Berlin"))).toEqual(["2026-03-28 02:30 +01:00", "2026-03-29 03:30 +02:00", "2026-03-30 02:30 +02:00"]);
    expect(occ.every((o) => o.endsAt - o.startsAt === H)).toBe(true);
    // A Sunday 02:00 window meets the gap on the change day itself (02:00 → 03:00 CEST), then 02:00 again.
    const sunday = win("2026-03-22T02:00", "Europe/Berlin");
    expect(occurrencesBetween(sunday, sunday.starts_at, sunday.starts_at + 15 * D).map((o) => local(o.startsAt, "Europe/Berlin"))).toEqual([
      "2026-03-22 02:00 +01:00", "2026-03-29 03:00 +02:00", "2026-04-05 02:00 +02:00",
    ]);
  });

  it("resolves a wall-clock time that exists twice (autumn) with the offset of the window's first start", () => {
    const summer = win("2026-10-18T02:30", "Europe/Berlin", {}, 1);
    const winter = win("2026-01-25T02:30", "Europe/Berlin", { repeat_unit: "MONTH" }, 1);
    const day = Date.parse("2026-10-24T12:00:00Z");
    expect(occurrencesBetween(summer, day, day + 2 * D).map((o) => local(o.startsAt, "Europe/Berlin"))).toEqual(["2026-10-25 02:30 +02:00"]);
    expect(occurrencesBetween(winter, day, day + 2 * D).map((o) => local(o.startsAt, "Europe/Berlin"))).toEqual(["2026-10-25 02:30 +01:00"]);
  });

  it("repeats in UTC when the zone is null, absent or UTC, exactly as before", () => {
    const start = Date.UTC(2026, 2, 15, 2, 0);
    const plain = { id: 1, starts_at: start, ends_at: start + H, repeat_unit: "WEEK" as const, repeat_interval: 1, repeat_ends_at: null };
    const expected = Array.from({ length: 40 }, (_, i) => ({ windowId: 1, startsAt: start + i * 7 * D, endsAt: start + i * 7 * D + H }));
    expect(occurrencesBetween(plain, start, start + 40 * 7 * D)).toEqual(expected);
    expect(occurrencesBetween({ ...plain, timezone: null }, start, start + 40 * 7 * D)).toEqual(expected);
    expect(occurrencesBetween({ ...plain, timezone: "UTC" }, start, start + 40 * 7 * D)).toEqual(expected);
  });

  it("skips ahead to a far range and still lands on local wall-clock time", () => {
    const w = win("2026-03-15T02:00", "Europe/Berlin", { repeat_unit: "DAY" });
    const from = Date.parse("2036-07-01T00:00:00Z");
    const occ = occurrencesBetween(w, from, from + 3 * D);
    expect(occ.map((o) => local(o.startsAt, "Europe/Berlin"))).toEqual(["2036-07-01 02:00 +02:00", "2036-07-02 02:00 +02:00", "2036-07-03 02:00 +02:00"]);
  });

  it("accepts IANA zones only", () => {
    expect(isIanaZone("Europe/Berlin")).toBe(true);
    expect(isIanaZone("UTC")).toBe(true);
    for (const tz of ["Mars/Olympus", "+01:00", "UTC+1", ""]) expect(isIanaZone(tz)).toBe(false);
  });
});
