import { describe, expect, it } from "vitest";
import { lastMonths } from "../../../lib/time/days";
import { formatDateTime, formatDayKey, formatMonthKey, formatRange, formatTime, pageTimeStyle, zoneAbbreviation } from "../../../lib/time/format";
import { isPageLocale, localeOf } from "../../../lib/time/locale";
import { isIanaZone, zoneOf, zoneSpelling } from "../../../lib/time/zone";

const WINTER = Date.UTC(2026, 0, 15, 13, 5);
const SUMMER = Date.UTC(2026, 6, 15, 12, 5);
const style = (zone: string) => ({ zone, locale: "en" as const });

describe("zoneAbbreviation", () => {
  it.each([
    ["Europe/Berlin", WINTER, "CET"],
    ["Europe/Berlin", SUMMER, "CEST"],
    ["America/New_York", WINTER, "EST"],
    ["America/New_York", SUMMER, "EDT"],
    ["Europe/London", SUMMER, "BST"],
    ["UTC", WINTER, "UTC"],
    ["Asia/Tokyo", WINTER, "GMT+9"],
    ["Pacific/Kiritimati", WINTER, "GMT+14"],
    ["Asia/Kolkata", WINTER, "GMT+5:30"],
  ])("%s at %i is %s", (zone, at, abbreviation) => {
    expect(zoneAbbreviation(at, zone)).toBe(abbreviation);
  });

  it("uses the page's language where it has names (ja: JST, de: MEZ)", () => {
    expect(zoneAbbreviation(WINTER, "Asia/Tokyo", "ja")).toBe("JST");
    expect(zoneAbbreviation(WINTER, "Europe/Berlin", "de")).toBe("MEZ");
  });
});

describe("formatting in a zone", () => {
  it("prints the zone's wall-clock time with its abbreviation", () => {
    expect(formatTime(WINTER, style("Europe/Berlin"))).toBe("14:05 CET");
    expect(formatTime(SUMMER, style("Europe/Berlin"))).toBe("14:05 CEST");
    expect(formatDateTime(WINTER, style("UTC"))).toBe("15 Jan 2026, 13:05 UTC");
    expect(formatDateTime(WINTER, style("Asia/Tokyo"))).toBe("15 Jan 2026, 22:05 GMT+9");
    expect(formatDateTime(WINTER, style("Pacific/Kiritimati"))).toBe("16 Jan 2026, 03:05 GMT+14");
  });

  it("prints a range within one day once, else both ends", () => {
    expect(formatRange(WINTER, WINTER + 2 * 3_600_000, style("Europe/Berlin"))).toBe("15 Jan 2026, 14:05 – 16:05 CET");
    expect(formatRange(WINTER, WINTER + 12 * 3_600_000, style("Europe/Berlin"))).toBe("15 Jan 2026, 14:05 CET – 16 Jan 2026, 02:05 CET");
  });

  it("names calendar days and months", () => {
    expect(formatDayKey("2026-11-20")).toBe("20 November 2026");
    expect(formatMonthKey("2026-02")).toBe("February 2026");
  });
});

describe("page zone and locale", () => {
  it("accepts IANA zones only, spelled as the database does", () => {
    expect(isIanaZone("Europe/Berlin")).toBe(true);
    expect(isIanaZone("UTC")).toBe(true);
    expect(isIanaZone("Mars/Olympus")).toBe(false);
    expect(isIanaZone("+01:00")).toBe(false);
    expect(isIanaZone("UTC+1")).toBe(false);
    expect(zoneSpelling("europe/berlin")).toBe("Europe/Berlin");
    expect(zoneSpelling("America/Argentina/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
  });

  it("falls back to UTC and en for values a later release no longer knows", () => {
    expect(zoneOf("Mars/Olympus")).toBe("UTC");
    expect(localeOf("xx")).toBe("en");
    expect(isPageLocale("ja")).toBe(true);
    expect(pageTimeStyle({ timezone: "Asia/Tokyo", locale: "de" })).toEqual({ zone: "Asia/Tokyo", locale: "de" });
  });
});

describe("lastMonths", () => {
  it("gives the zone's months newest first with their days", () => {
    // 2026-01-31 20:00 UTC is already February in Tokyo
    const months = lastMonths(Date.UTC(2026, 0, 31, 20), 3, "Asia/Tokyo");
    expect(months.map((m) => m.key)).toEqual(["2026-02", "2026-01", "2025-12"]);
    expect(months[0].days).toHaveLength(28);
    expect(months[0].start).toBe(Date.UTC(2026, 0, 31, 15));
    expect(months[0].firstWeekday).toBe(7); // 1 Feb 2026 is a Sunday
  });
});
