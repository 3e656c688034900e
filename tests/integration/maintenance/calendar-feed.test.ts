/**
 * maintenance.ics after operators' changes through the API: a weekly Europe/Berlin window is one RRULE in its zone,
 * the skipped occurrence an EXDATE, the moved one a RECURRENCE-ID event; a parser expands it to the page's occurrences.
 */
import ical, { type VEvent } from "node-ical";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import * as calendar from "@/app/(status)/[site]/maintenance.ics/route";
import { call } from "../embeds/fixture";
import { slug, tenant } from "../api/fixtures";

const HOUR = 3_600_000;

describe(`maintenance.ics with the window's time zone (${process.env.HELIOGRAPH_TEST_STORE})`, () => {
  it("writes TZID, RRULE, EXDATE for the skipped occurrence and RECURRENCE-ID for the moved one", async () => {
    const t = await tenant("calendar");
    const url = slug("cal");
    const service = (await t.api.post("/v1/status-pages/services", { name: "API" })).body as { id: string };
    const created = await t.api.post("/v1/status-pages", { name: "Calendar; \"quoted\", page", url, cards: [{ name: "Core", services: [{ id: service.id }] }] });
    expect(created.status, created.text).toBe(201);
    const page = created.body as { id: string };
    // Next Sunday at 02:00 Berlin time, at least a day ahead.
    let first = DateTime.now().setZone("Europe/Berlin").plus({ days: 1 }).set({ hour: 2, minute: 0, second: 0, millisecond: 0 });
    while (first.weekday !== 7) first = first.plus({ days: 1 });
    const win = await t.api.post("/v1/maintenance-windows", {
      name: "Weekly, restart; all",
      startsAt: first.toUTC().toISO(),
      endsAt: first.plus({ hours: 1 }).toUTC().toISO(),
      repeatUnit: "WEEK",
      repeatInterval: 1,
      timezone: "Europe/Berlin",
      statusPageVisibility: { enabled: true, statusPageIds: [page.id] },
    });
    expect(win.status, win.text).toBe(201);
    const base = `/v1/maintenance-windows/${win.body.id}/maintenances`;
    const [, skip, move] = (await t.api.get(`${base}?limit=3`)).body as { id: string; startsAt: string; endsAt: string }[];
    expect((await t.api.delete(`${base}/${skip.id}`)).status).toBe(204);
    const movedStart = Date.parse(move.startsAt) + 3 * HOUR;
    expect((await t.api.patch(`${base}/${move.id}`, { startsAt: new Date(movedStart).toISOString(), endsAt: new Date(movedStart + 2 * HOUR).toISOString() })).status).toBe(200);

    const res = await call(calendar.GET, `/${url}/maintenance.ics`, { site: url });
    expect(res.status).toBe(200);
    const text = (await res.text()).replace(/\r\n /g, "");
    const local = (iso: string) => DateTime.fromISO(iso, { zone: "Europe/Berlin" }).toFormat("yyyyLLdd'T'HHmmss");
    expect(text).toContain(`DTSTART;TZID=Europe/Berlin:${first.toFormat("yyyyLLdd'T'HHmmss")}`);
    expect(text).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1");
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin");
    expect(text).toContain(`EXDATE;TZID=Europe/Berlin:${local(skip.startsAt)}`);
    expect(text).toContain(`RECURRENCE-ID;TZID=Europe/Berlin:${local(move.startsAt)}`);
    expect(text).toContain("SUMMARY:Weekly\\, restart\\; all");

    const [series] = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === "VEVENT" && !!c.rrule);
    const starts = ical
      .expandRecurringEvent(series, { from: new Date(first.toMillis() - HOUR), to: new Date(first.toMillis() + 4 * 7 * 24 * HOUR) })
      .map((i) => i.start.getTime());
    expect(starts).toContain(first.toMillis());
    expect(starts).not.toContain(Date.parse(skip.startsAt));
    expect(starts).toContain(movedStart);
    expect(starts).not.toContain(Date.parse(move.startsAt));
  });
});
