/**
 * What every incident write reads twice (lib/notifications/outbox/enqueue.ts): the incidents and windows that may be
 * open on its components at a time, read through the account's unresolved or later-resolved incidents only.
 */
import { describe, expect, it } from "vitest";
import { addIncidentUpdate, createIncident } from "@/lib/incidents/service";
import { addIncidentUpdateV3, createIncidentV3 } from "@/lib/incidents/v3-service";
import { accountOfComponent, openImpactsOn } from "@/lib/notifications/outbox/snapshot-queries";
import { ACTOR, D, H, v3Page } from "../uptime/fixtures";
import { pageWithServices } from "./fixtures";

const STORE = process.env.HELIOGRAPH_TEST_STORE;

describe(`open impacts on ${STORE}`, () => {
  it("v1: the incidents open at the time or resolved after it, on these services, of this account only", async () => {
    const { db, accountId, services } = await pageWithServices(`open-v1-${Date.now()}`);
    const [api, dash, billing] = services.map((s) => s.id);
    const now = Date.now();
    const open = await createIncident(db, accountId, { name: "Open", severity: "MAJOR", serviceIds: [api, dash], update: { description: "x", publicIncidentUpdateDate: now - 2 * H } });
    const old = await createIncident(db, accountId, { name: "Old", severity: "MINOR", serviceIds: [api], update: { description: "x", publicIncidentUpdateDate: now - 30 * D } });
    await addIncidentUpdate(db, accountId, old.incident.id, { description: "done", status: "RESOLVED", publicIncidentUpdateDate: now - 29 * D });
    const recent = await createIncident(db, accountId, { name: "Recent", severity: "MEDIUM", serviceIds: [dash], update: { description: "x", publicIncidentUpdateDate: now - 3 * H } });
    await addIncidentUpdate(db, accountId, recent.incident.id, { description: "done", status: "RESOLVED", publicIncidentUpdateDate: now - H });
    await createIncident(db, accountId, { name: "Elsewhere", severity: "MAJOR", serviceIds: [billing], update: { description: "x", publicIncidentUpdateDate: now - H } });
    // Another account's open incident, read with this account's services: not there.
    const other = await pageWithServices(`open-v1-other-${Date.now()}`);
    await createIncident(other.db, other.accountId, { name: "Other", severity: "MAJOR", serviceIds: [other.services[0].id], update: { description: "x" } });

    expect(await accountOfComponent(db, api)).toBe(accountId);
    const rows = (at: number) => openImpactsOn(db, accountId, [api, dash], at).then((r) => r.incidents.map((i) => `${i.id === open.incident.id ? "open" : i.id === recent.incident.id ? "recent" : i.id}:${i.service_id === api ? "api" : "dash"}`).sort());
    // Two hours ago both were open; now only the unresolved one; a month ago the old one was open too.
    expect(await rows(now - 90 * 60_000)).toEqual(["open:api", "open:dash", "recent:dash"]);
    expect(await rows(now)).toEqual(["open:api", "open:dash"]);
    expect((await rows(now - 29 * D - H)).length).toBe(4);
    expect(await openImpactsOn(db, other.accountId, [api, dash], now - 90 * 60_000)).toEqual({ incidents: [], windows: [] });
  });

  it("v3: the windows not ended by the time, through their incidents", async () => {
    const { db, accountId, page, ids } = await v3Page("UTC", Date.now());
    expect(await accountOfComponent(db, ids.api)).toBe(accountId);
    const down = await createIncidentV3(db, accountId, page.id, { name: "Down", componentImpacts: [{ componentId: ids.api, status: "MAJOR_OUTAGE" }], update: { description: "x" } }, ACTOR);
    const windows = await openImpactsOn(db, accountId, [ids.api, ids.dns], Date.now() + 1000);
    expect(windows.incidents).toEqual([]);
    expect(windows.windows.map((w) => [w.incident_id, w.component_id, w.status, w.ended_at])).toEqual([[down.incident.id, ids.api, "MAJOR_OUTAGE", null]]);
    const before = Date.now();
    await addIncidentUpdateV3(db, accountId, page.id, down.incident.id, { description: "fixed", status: "RESOLVED" }, ACTOR);
    expect((await openImpactsOn(db, accountId, [ids.api], Date.now() + 1000)).windows).toEqual([]);
    // Before the resolution, the window it ended still counts.
    expect((await openImpactsOn(db, accountId, [ids.api], before - 1)).windows.map((w) => w.incident_id)).toEqual([down.incident.id]);
  });
});
