/**
 * An occurrence moved, updated and completed through the API shows each state on the status page, on its own
 * detail page, in the history and in the Statuspage JSON (rendered markup and route answers, not only the snapshot);
 * a skipped one leaves all of them.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { loadHistory } from "@/lib/public-page/history";
import { loadMaintenanceForPage, maintenanceOnPage } from "@/lib/public-page/maintenance";
import { splitMaintenance } from "@/lib/public-page/view";
import { findPageById } from "@/lib/status-pages/queries";
import { SpMaintenancesResponse, SpSummaryResponse } from "@/lib/statuspage-compat/schema";
import { MaintenanceList } from "@/components/maintenance/maintenance-list";
import { MaintenanceDetails } from "@/components/maintenance/maintenance-details";
import * as all from "@/app/(status)/[site]/api/v2/scheduled-maintenances.json/route";
import * as upcoming from "@/app/(status)/[site]/api/v2/scheduled-maintenances/upcoming.json/route";
import * as active from "@/app/(status)/[site]/api/v2/scheduled-maintenances/active.json/route";
import * as summary from "@/app/(status)/[site]/api/v2/summary.json/route";
import { call } from "../embeds/fixture";
import { slug, tenant, type Tenant } from "../api/fixtures";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

async function world(t: Tenant) {
  const service = (await t.api.post("/v1/status-pages/services", { name: "API" })).body as { id: string };
  const other = (await t.api.post("/v1/status-pages/services", { name: "Website" })).body as { id: string };
  const url = slug("life");
  const page = (await t.api.post("/v1/status-pages", { name: "Lifecycle", url, cards: [{ name: "Core", services: [{ id: service.id }, { id: other.id }] }] })).body as { id: string };
  const first = Math.ceil((Date.now() + 2 * DAY) / HOUR) * HOUR;
  const win = await t.api.post("/v1/maintenance-windows", {
    name: "Database <upgrade>",
    description: "Planned & announced",
    startsAt: iso(first),
    endsAt: iso(first + HOUR),
    repeatUnit: "WEEK",
    repeatInterval: 1,
    timezone: "Europe/Berlin",
    statusPageVisibility: { enabled: true, statusPageIds: [page.id], serviceIds: [service.id] },
  });
  expect(win.status, win.text).toBe(201);
  const base = `/v1/maintenance-windows/${win.body.id}/maintenances`;
  const occurrences = (await t.api.get(`${base}?limit=3`)).body as { id: string; startsAt: string }[];
  return { service, other, url, page, base, occurrences, first };
}

async function render(t: Tenant, pageId: string, url: string, key: string) {
  const page = (await findPageById(t.db, pageId))!;
  const snap = await loadPageSnapshot(t.db, page);
  const names = new Map(snap.components.map((c) => [c.id, c.name]));
  const split = splitMaintenance(snap.maintenance, snap.generatedAt);
  const list = (items: typeof snap.maintenance) => renderToStaticMarkup(createElement(MaintenanceList, { items, names, base: `/${url}` }));
  const detail = await loadMaintenanceForPage(t.db, page, key);
  const json = async (handler: typeof all.GET, file: string) => SpMaintenancesResponse.parse(await (await call(handler, `/${url}/api/v2/${file}`, { site: url })).json()).scheduled_maintenances;
  return {
    snap,
    active: list(split.active),
    upcoming: list(split.upcoming),
    detail: detail && renderToStaticMarkup(createElement(MaintenanceDetails, { view: detail.maintenance, base: `/${url}`, names: detail.names })),
    all: await json(all.GET, "scheduled-maintenances.json"),
    upcomingJson: await json(upcoming.GET, "scheduled-maintenances/upcoming.json"),
    activeJson: await json(active.GET, "scheduled-maintenances/active.json"),
    summary: SpSummaryResponse.parse(await (await call(summary.GET, `/${url}/api/v2/summary.json`, { site: url })).json()),
  };
}

describe(`a maintenance occurrence's lifecycle on the public side (${process.env.HELIOGRAPH_TEST_STORE})`, () => {
  it("scheduled, moved into now (in progress), verifying, completed: the page, the detail page, history and JSON follow", async () => {
    const t = await tenant("lifecycle");
    const w = await world(t);
    const occ = w.occurrences[0];

    let r = await render(t, w.page.id, w.url, occ.id);
    expect(r.upcoming).toContain(`href="/${w.url}/maintenance/${occ.id}"`);
    expect(r.upcoming).toContain("Database &lt;upgrade&gt;");
    expect(r.upcoming).toMatch(new RegExp(`data-occurrence="${occ.id}" data-state="upcoming" data-status="SCHEDULED"`));
    expect(r.detail).toContain('data-maintenance-status="SCHEDULED"');
    expect(r.detail).toContain("Europe/Berlin");
    expect(r.upcomingJson.find((m) => m.id === occ.id)?.status).toBe("scheduled");
    expect(r.snap.components.find((c) => c.id === w.service.id)?.status).toBe("OPERATIONAL");

    // Moved to have begun ten minutes ago: autoStart is on, so it is in progress now.
    const moved = { startsAt: iso(Date.now() - 10 * MIN), endsAt: iso(Date.now() + 2 * HOUR) };
    const patch = await t.api.patch(`${w.base}/${occ.id}`, moved);
    expect(patch.status, patch.text).toBe(200);
    r = await render(t, w.page.id, w.url, occ.id);
    expect(r.active).toMatch(new RegExp(`data-occurrence="${occ.id}" data-state="active" data-status="IN_PROGRESS"`));
    expect(r.upcoming).not.toContain(occ.id);
    expect(r.snap.components.find((c) => c.id === w.service.id)?.status).toBe("UNDER_MAINTENANCE");
    expect(r.snap.components.find((c) => c.id === w.other.id)?.status).toBe("OPERATIONAL");
    const inProgress = r.activeJson.find((m) => m.id === occ.id)!;
    expect(inProgress.status).toBe("in_progress");
    expect(inProgress.scheduled_for).toBe(new Date(Date.parse(moved.startsAt)).toISOString());
    expect(inProgress.shortlink).toMatch(new RegExp(`/maintenance/${occ.id}$`));
    expect(inProgress.incident_updates.map((u) => u.status)).toEqual(["in_progress", "scheduled", "scheduled"]);
    expect(inProgress.incident_updates[1].body).toContain("Rescheduled");
    expect(r.summary.scheduled_maintenances.map((m) => m.id)).toContain(occ.id);
    expect(r.detail).toContain("data-moved");

    const verifying = await t.api.post(`${w.base}/${occ.id}/updates`, { status: "VERIFYING", description: "Checking **replication**" });
    expect(verifying.status, verifying.text).toBe(201);
    r = await render(t, w.page.id, w.url, occ.id);
    expect(r.active).toMatch(new RegExp(`data-occurrence="${occ.id}" data-state="active" data-status="VERIFYING"`));
    expect(r.active).toContain("<strong>replication</strong>");
    expect(r.active).toContain(`data-latest-update="${verifying.body.id}"`);
    expect(r.activeJson.find((m) => m.id === occ.id)?.status).toBe("verifying");
    expect(r.activeJson.find((m) => m.id === occ.id)?.incident_updates[0]).toMatchObject({ id: verifying.body.id, status: "verifying", body: "Checking **replication**" });
    expect(r.snap.components.find((c) => c.id === w.service.id)?.status).toBe("UNDER_MAINTENANCE");
    expect(r.detail).toContain('data-maintenance-status="VERIFYING"');

    const done = await t.api.post(`${w.base}/${occ.id}/updates`, { status: "COMPLETED", description: "All done" });
    expect(done.status, done.text).toBe(201);
    r = await render(t, w.page.id, w.url, occ.id);
    expect(r.active).not.toContain(occ.id);
    expect(r.upcoming).not.toContain(occ.id);
    expect(r.snap.components.find((c) => c.id === w.service.id)?.status).toBe("OPERATIONAL");
    const completed = r.all.find((m) => m.id === occ.id)!;
    expect(completed.status).toBe("completed");
    expect(completed.resolved_at).toBe(new Date(done.body.created_at).toISOString());
    expect(completed.incident_updates.map((u) => u.status)).toEqual(["completed", "verifying", "in_progress", "scheduled", "scheduled"]);
    expect(r.summary.scheduled_maintenances.map((m) => m.id)).not.toContain(occ.id);
    expect(r.upcomingJson.map((m) => m.id)).not.toContain(occ.id);
    expect(r.detail).toContain('data-maintenance-status="COMPLETED"');
    expect(r.detail!.match(/data-update="/g)).toHaveLength(3);
    expect(r.detail).toContain("All done");

    const history = await loadHistory(t.db, (await findPageById(t.db, w.page.id))!, 1);
    const shown = history.months.flatMap((m) => m.maintenance);
    expect(shown.map((m) => [m.key, m.status])).toEqual([[occ.id, "COMPLETED"]]);
  });

  it("a skipped occurrence leaves the page, its detail page and the JSON; an untouched one is addressed by window and start", async () => {
    const t = await tenant("lifecycle skip");
    const w = await world(t);
    const [skip, keep] = w.occurrences;
    expect((await t.api.delete(`${w.base}/${skip.id}`)).status).toBe(204);
    const r = await render(t, w.page.id, w.url, skip.id);
    expect(r.detail).toBeNull();
    expect(await maintenanceOnPage(t.db, { id: w.page.id, accountId: t.accountId }, skip.id)).toBe(false);
    expect(r.upcoming).not.toContain(skip.id);
    expect(r.all.map((m) => m.id)).not.toContain(skip.id);
    expect(r.all.map((m) => m.id)).toContain(keep.id);

    // An occurrence that never became a row (the rule's, past what the API listed) has a key of window and start.
    const ruleOnly = r.snap.maintenance.find((m) => !/^[0-9a-f-]{36}$/.test(m.key))!;
    expect(ruleOnly.key).toBe(`${ruleOnly.id}-${ruleOnly.startsAt}`);
    expect(await maintenanceOnPage(t.db, { id: w.page.id, accountId: t.accountId }, ruleOnly.key)).toBe(true);
    expect(await maintenanceOnPage(t.db, { id: w.page.id, accountId: t.accountId }, `${ruleOnly.id}-${ruleOnly.startsAt + 1}`)).toBe(false);

    // Another account's page does not show this account's occurrence.
    const stranger = await tenant("lifecycle stranger");
    const theirs = (await stranger.api.post("/v1/status-pages", { name: "Theirs", url: slug("theirs") })).body as { id: string };
    expect(await maintenanceOnPage(stranger.db, { id: theirs.id, accountId: stranger.accountId }, keep.id)).toBe(false);
  });
});
