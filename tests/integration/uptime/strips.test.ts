/**
 * Stored uptime strips: the home page's lean read derives the same status, uptime and days as the full
 * read, from strips stored on first use, rolled on with the days, and recomputed when they no longer reach back.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db";
import { addIncidentUpdate, createIncident, loadIncidentViews } from "@/lib/incidents/service";
import { addIncidentUpdateV3, createIncidentV3, replaceImpactsV3 } from "@/lib/incidents/v3-service";
import { createWindow } from "@/lib/maintenance/service";
import { groupIncidentsByDay } from "@/lib/public-page/view";
import { incidentSpan, loadPageSnapshot, loadRecentSnapshot, maintenanceSpans, spansByComponent } from "@/lib/public-page/load";
import { loadPageStructure } from "@/lib/components/structure";
import { listPageIncidentsSince } from "@/lib/public-page/queries";
import { listWindowsForPage } from "@/lib/maintenance/shown";
import { loadPageMaintenance } from "@/lib/public-page/maintenance";
import { deriveDays, planStrips, storeStrips } from "@/lib/uptime/strips";
import { lastDays } from "@/lib/time/days";
import { summaryFingerprint } from "@/lib/statuspage-compat/fingerprint";
import { toSpSummary } from "@/lib/statuspage-compat/project";
import { ACTOR, D, H, expectLeanMatchesFull, pageRow, stripsOf, v1Page, v3Page } from "./fixtures";

const T = Date.now();

async function v1History() {
  const ctx = await v1Page("America/New_York", T);
  const { db, accountId, ids } = ctx;
  const open = (name: string, severity: "MAJOR" | "MEDIUM" | "MINOR" | "CRITICAL", serviceIds: string[], at: number) =>
    createIncident(db, accountId, { name, severity, serviceIds, update: { description: name, publicIncidentUpdateDate: at } });
  const post = (id: string, status: "RESOLVED" | "INVESTIGATING" | "MONITORING", at: number) => addIncidentUpdate(db, accountId, id, { description: status, status, publicIncidentUpdateDate: at });

  const resolved = await open("Resolved", "MAJOR", [ids.api], T - 40 * D);
  await post(resolved.incident.id, "RESOLVED", T - 40 * D + 3 * H);
  await open("Open", "MEDIUM", [ids.web], T - 3 * D - 2 * H);
  // Opened before Young existed, resolved after.
  const young = await open("Young", "CRITICAL", [ids.young, ids.api], T - 12 * D);
  await post(young.incident.id, "RESOLVED", T - 9 * D);
  // A resolution posted last but dated before the update posted before it (backdated): the timeline clamps.
  const backdated = await open("Backdated", "MINOR", [ids.web], T - 6 * D);
  await post(backdated.incident.id, "MONITORING", T - 5 * D);
  await post(backdated.incident.id, "RESOLVED", T - 5 * D - H);
  // Reopened once.
  const reopened = await open("Reopened", "MAJOR", [ids.api, ids.web], T - 30 * D);
  await post(reopened.incident.id, "RESOLVED", T - 30 * D + H);
  await post(reopened.incident.id, "INVESTIGATING", T - 30 * D + 5 * H);
  await post(reopened.incident.id, "RESOLVED", T - 30 * D + 8 * H);
  // Straddling the window's start, and long gone.
  const edge = await open("Edge", "MAJOR", [ids.api], T - 92 * D);
  await post(edge.incident.id, "RESOLVED", T - 89 * D);
  const old = await open("Old", "MAJOR", [ids.api], T - 120 * D);
  await post(old.incident.id, "RESOLVED", T - 119 * D);

  const visibility = { enabled: true, statusPageIds: [ctx.page.id] };
  await createWindow(db, accountId, { name: "DB", startsAt: T - 10 * D, endsAt: T - 10 * D + 2 * H, repeatUnit: null, statusPageVisibility: { ...visibility, serviceIds: [ids.api] } });
  await createWindow(db, accountId, { name: "Weekly", startsAt: T - 50 * D, endsAt: T - 50 * D + H, repeatUnit: "WEEK", repeatInterval: 1, statusPageVisibility: { ...visibility, affectAllServices: true } });
  return ctx;
}

async function v3History() {
  const ctx = await v3Page("Asia/Kolkata", T);
  const { db, accountId, page, ids } = ctx;
  const first = await createIncidentV3(db, accountId, page.id, { name: "Payments slow", componentImpacts: [{ componentId: ids.api, status: "MAJOR_OUTAGE" }], update: { description: "x" } }, ACTOR);
  await replaceImpactsV3(
    db,
    accountId,
    page.id,
    first.incident.id,
    [
      { componentId: ids.api, status: "MAJOR_OUTAGE", startedAt: T - 6 * D, endedAt: T - 6 * D + 4 * H },
      { componentId: ids.checkout, status: "PARTIAL_OUTAGE", startedAt: T - 6 * D + H, endedAt: T - 2 * D },
      { componentId: ids.billing, status: "MAJOR_OUTAGE", startedAt: T - 6 * D, endedAt: T - 5 * D },
      { componentId: ids.api, status: "DEGRADED_PERFORMANCE", startedAt: T - H, endedAt: null },
    ],
    ACTOR,
  );
  const second = await createIncidentV3(db, accountId, page.id, { name: "DNS", componentImpacts: [{ componentId: ids.dns, status: "MAJOR_OUTAGE" }], update: { description: "x" } }, ACTOR);
  await replaceImpactsV3(db, accountId, page.id, second.incident.id, [{ componentId: ids.dns, status: "MAJOR_OUTAGE", startedAt: T - 25 * D, endedAt: null }], ACTOR);
  await addIncidentUpdateV3(db, accountId, page.id, second.incident.id, { description: "fixed", status: "RESOLVED", publicIncidentUpdateDate: T - 19 * D }, ACTOR);
  await createWindow(db, accountId, { name: "Platform", startsAt: T - 8 * D, endsAt: T - 8 * D + 5 * H, repeatUnit: null, statusPageVisibility: { enabled: true, statusPageIds: [page.id], componentIds: [ids.platform] } });
  return ctx;
}

describe.each([
  ["v1 page in America/New_York", v1History],
  ["v3 page in Asia/Kolkata", v3History],
])("the lean read of a %s", (_name, build) => {
  let ctx: Awaited<ReturnType<typeof build>>;
  beforeAll(async () => {
    ctx = await build();
  });

  it("derives what the full read derives: cold (strips stored), warm, and as the days roll on", async () => {
    const { db, page } = ctx;
    expect(await stripsOf(db, page.id)).toEqual(new Map());
    const { full } = await expectLeanMatchesFull(db, page.id, T);
    const zone = (await pageRow(db, page.id)).timezone;
    const yesterday = lastDays(T, 2, zone)[0].day;
    const stored = await stripsOf(db, page.id);
    expect([...stored.keys()].sort()).toEqual(full.components.map((c) => c.id).sort());
    expect(new Set(stored.values())).toEqual(new Set([yesterday]));
    // The history is one worth comparing: outages, maintenance and days without data.
    const days = full.components.flatMap((c) => c.days);
    expect(days.some((d) => d.worst === "MAJOR_OUTAGE")).toBe(true);
    expect(days.some((d) => d.maintenanceMinutes > 0)).toBe(true);
    expect(days.some((d) => d.uptime === null)).toBe(true);

    await expectLeanMatchesFull(db, page.id, T);
    // Past midnight: the strips roll on from the recent history; 20 days on, they no longer reach back: recomputed.
    for (const later of [T + D, T + 2 * D + 3 * H, T + 20 * D]) {
      await expectLeanMatchesFull(db, page.id, later);
      expect(new Set((await stripsOf(db, page.id)).values())).toEqual(new Set([lastDays(later, 2, zone)[0].day]));
    }
    await expectLeanMatchesFull(db, page.id, T);
  });

  it("lists the unresolved incidents and those of the last 14 days, as the full read has them", async () => {
    const { db, page } = ctx;
    const row = await pageRow(db, page.id);
    const full = await loadPageSnapshot(db, row, T);
    const lean = await loadRecentSnapshot(db, row, T);
    const since = lastDays(T, 14, row.timezone)[0].start;
    const recent = full.incidents.filter((v) => v.incident.resolved_at === null || v.incident.resolved_at >= since);
    expect(recent.length).toBeLessThan(full.incidents.length);
    // Timelines are read only for incidents that can change a day the read derives (today's, the strips being
    // stored through yesterday) or the status now; the others are the full read's without their updates.
    const today = lastDays(T, 1, row.timezone)[0].start;
    const withTimeline = (v: (typeof recent)[number]) => v.incident.resolved_at === null || v.incident.resolved_at >= today;
    expect(recent.some(withTimeline)).toBe(true);
    expect(lean.incidents).toEqual(recent.map((v) => (withTimeline(v) ? v : { ...v, updates: [] })));
    const byDay = (s: typeof full) => groupIncidentsByDay(s.incidents, T, 14, row.timezone).map((d) => ({ day: d.day, ids: d.incidents.map((v) => v.incident.id) }));
    expect(byDay(lean)).toEqual(byDay(full));
    expect(lean.maintenance).toEqual(full.maintenance);
    // Open tabs compare the page's live summary with the JSON's (a full read): the same fingerprint.
    const fingerprint = (s: typeof full) => summaryFingerprint(toSpSummary(s, { pageUrl: "http://localhost" }));
    expect(fingerprint(lean)).toBe(fingerprint(full));
  });

  it("reads the stored strips: history changed behind the verbs' back shows in the full read only", async () => {
    const { db, page } = ctx;
    await expectLeanMatchesFull(db, page.id, T);
    const row = await pageRow(db, page.id);
    const before = await loadRecentSnapshot(db, row, T);
    // No verb: no version bump. Every incident (its updates, its impacts' starts) moved 3 days earlier.
    const ids = (await db.selectFrom("incidents").select("id").where("account_id", "=", page.account_id).execute()).map((r) => r.id);
    await db.updateTable("incident_updates").set((eb) => ({ public_incident_update_date: eb("public_incident_update_date", "-", 3 * D) })).where("incident_id", "in", ids).execute();
    await db.updateTable("incidents").set((eb) => ({ started_at: eb("started_at", "-", 3 * D) })).where("id", "in", ids).execute();
    await db.updateTable("incident_impacts").set((eb) => ({ started_at: eb("started_at", "-", 3 * D) })).where("incident_id", "in", ids).execute();
    const full = await loadPageSnapshot(db, row, T);
    const lean = await loadRecentSnapshot(db, row, T);
    const past = (s: typeof full) => s.components.map((c) => c.days.slice(0, -1));
    expect(past(full)).not.toEqual(past(before));
    expect(past(lean)).toEqual(past(before));
  });
});

describe("a render racing a write", () => {
  it("stores the strip it derived before the write as stale: the next read derives the write", async () => {
    const ctx = await v1Page("Europe/Berlin", T);
    const { db, accountId, page, ids } = ctx;
    const row = await pageRow(db, page.id);
    const structure = await loadPageStructure(db, row);
    // The render reads the strips' versions, then the history...
    const plan = await planStrips(db, page.id, structure.components, row.timezone, T, 90, 14);
    expect(plan.recompute.size).toBe(3);
    const history = async () => {
      const views = await loadIncidentViews(db, await listPageIncidentsSince(db, accountId, structure.scope, T - 91 * D));
      const maintenance = await loadPageMaintenance(db, await listWindowsForPage(db, accountId, page.id), T - 91 * D, T + 60 * D, T);
      return { spansOf: spansByComponent(views.map(incidentSpan)), maintenance: maintenanceSpans(maintenance) };
    };
    const read = await history();
    // ...a write commits...
    const incident = await createIncident(db, accountId, { name: "Late", severity: "MAJOR", serviceIds: [ids.api], update: { description: "x", publicIncidentUpdateDate: T - 5 * D } });
    expect(incident.incident.started_at).toBe(T - 5 * D);
    // ...and the render stores what it derived from the history before it.
    await storeStrips(db, deriveDays(plan, structure.components, read, read).rows);
    expect((await stripsOf(db, page.id)).size).toBe(3);
    const { lean } = await expectLeanMatchesFull(db, page.id, T);
    expect(lean.components.find((c) => c.id === ids.api)!.days.some((d) => d.incidentIds.includes(incident.incident.id))).toBe(true);
  });
});

describe("renders racing each other", () => {
  const others = [createDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: process.env.HELIOGRAPH_SQLITE_PATH }), createDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: process.env.HELIOGRAPH_SQLITE_PATH })];
  afterAll(async () => {
    for (const db of others) await db.destroy();
  });

  it("store the same strips, whichever writes last (instances with their own connections)", async () => {
    const ctx = await v1Page("Pacific/Auckland", T);
    const { db, accountId, page, ids } = ctx;
    const v = await createIncident(db, accountId, { name: "Open", severity: "MAJOR", serviceIds: [ids.api, ids.young], update: { description: "x", publicIncidentUpdateDate: T - 11 * D } });
    expect(v.incident.resolved_at).toBeNull();
    const row = await pageRow(db, page.id);
    const reads = await Promise.all([db, ...others, db, ...others].map((d) => loadRecentSnapshot(d, row, T)));
    expect((await stripsOf(db, page.id)).size).toBe(3);
    const { full } = await expectLeanMatchesFull(db, page.id, T);
    for (const r of reads) expect(r.components).toEqual(full.components);
  });
});

describe("decoded strips, kept across reads", () => {
  it("are decoded once: the next read reuses them, and a write re-decodes only the strips it touched", async () => {
    const { db, accountId, page, ids } = await v1Page("Europe/Paris", T);
    // An incident on every component a week ago: quiet days are one object for the whole process whether decoded
    // again or not (lib/uptime/strips.ts), so a decode shows in the day it touched.
    const week = await createIncident(db, accountId, { name: "Week", severity: "MINOR", serviceIds: Object.values(ids), update: { description: "x", publicIncidentUpdateDate: T - 7 * D } });
    await addIncidentUpdate(db, accountId, week.incident.id, { description: "ok", status: "RESOLVED", publicIncidentUpdateDate: T - 7 * D + H });
    const row = await pageRow(db, page.id);
    const dayOf = (s: Awaited<ReturnType<typeof loadRecentSnapshot>>, id: string) => s.components.find((c) => c.id === id)!.days.find((d) => d.incidentIds.includes(week.incident.id))!;
    await loadRecentSnapshot(db, row, T); // derives and stores the strips
    const first = await loadRecentSnapshot(db, row, T); // decodes them
    const second = await loadRecentSnapshot(db, row, T);
    // The very objects: decoded once, not read again (a fresh decode makes new ones for a day with an incident).
    for (const id of Object.values(ids)) expect(dayOf(second, id)).toBe(dayOf(first, id));

    await createIncident(db, accountId, { name: "Late", severity: "MAJOR", serviceIds: [ids.api], update: { description: "x", publicIncidentUpdateDate: T - 5 * D } });
    await loadRecentSnapshot(db, row, T); // recomputes and stores API's strip
    const { lean } = await expectLeanMatchesFull(db, page.id, T);
    expect(dayOf(lean, ids.api)).not.toBe(dayOf(first, ids.api));
    expect(dayOf(lean, ids.web)).toBe(dayOf(first, ids.web));
    expect(dayOf(lean, ids.young)).toBe(dayOf(first, ids.young));
  });
});
