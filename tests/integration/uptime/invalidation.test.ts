/**
 * Every write that changes history makes the strips it touches stale in its own transaction: after a read stored
 * the strips, the next lean read equals the full read, which the write changed (for writes of past days).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { addIncidentUpdate, createIncident, deleteIncident, deleteIncidentUpdate, editIncidentUpdate, updateIncident } from "@/lib/incidents/service";
import { findIncidentById } from "@/lib/incidents/queries";
import { raiseImpacts, write } from "@/lib/incidents/writer";
import { addIncidentUpdateV3, createIncidentV3, deleteIncidentUpdateV3, deleteIncidentV3, editIncidentUpdateV3, replaceImpactsV3, updateIncidentV3 } from "@/lib/incidents/v3-service";
import { createWindow, deleteWindow, updateWindow } from "@/lib/maintenance/service";
import { addMaintenanceUpdate, deleteMaintenanceUpdate, editMaintenanceUpdate, moveMaintenance, skipMaintenance } from "@/lib/maintenance/occurrence-service";
import { advanceMaintenance } from "@/lib/maintenance/scheduler";
import { deleteComponent, updateComponent } from "@/lib/components/service";
import { deleteService } from "@/lib/services/service";
import { automationActor } from "@/lib/actors";
import { ACTOR, D, H, bars, expectLeanMatchesFull, stripsOf, v1Page, v3Page } from "./fixtures";

const T = Date.now();

/** A read stores the strips; the write; the next lean read derives what the full read does. */
async function afterWrite(db: Db, pageId: string, write: () => Promise<unknown>, { changesPast = true } = {}) {
  await expectLeanMatchesFull(db, pageId, Date.now());
  expect((await stripsOf(db, pageId)).size).toBeGreaterThan(0);
  const before = await bars(db, pageId, Date.now());
  await write();
  const after = await bars(db, pageId, Date.now());
  if (changesPast) expect(after).not.toEqual(before);
  await expectLeanMatchesFull(db, pageId, Date.now());
}

describe("v1 incident writes", () => {
  let ctx: Awaited<ReturnType<typeof v1Page>>;
  let incidentId: string;
  let resolutionId: string;
  beforeAll(async () => {
    ctx = await v1Page("Europe/Berlin", T);
  });

  it("create (backdated)", async () => {
    const { db, accountId, page, ids } = ctx;
    await afterWrite(db, page.id, async () => {
      const v = await createIncident(db, accountId, { name: "Late", severity: "MAJOR", serviceIds: [ids.api], update: { description: "x", publicIncidentUpdateDate: T - 15 * D } });
      incidentId = v.incident.id;
    });
  });

  it("update added, edited, deleted", async () => {
    const { db, accountId, page } = ctx;
    await afterWrite(db, page.id, async () => {
      resolutionId = (await addIncidentUpdate(db, accountId, incidentId, { description: "fixed", status: "RESOLVED", publicIncidentUpdateDate: T - 14 * D })).id;
    });
    await afterWrite(db, page.id, () => editIncidentUpdate(db, accountId, incidentId, resolutionId, { description: "fixed", publicIncidentUpdateDate: T - 13 * D }));
    await afterWrite(db, page.id, () => deleteIncidentUpdate(db, accountId, incidentId, resolutionId));
  });

  it("severity and services changed (old and new services), severity raised by the automation", async () => {
    const { db, accountId, page, ids } = ctx;
    await afterWrite(db, page.id, () => updateIncident(db, accountId, incidentId, { severity: "MINOR" }));
    await afterWrite(db, page.id, () => updateIncident(db, accountId, incidentId, { serviceIds: [ids.web] }));
    const raise = [{ componentId: ids.web, status: "MAJOR_OUTAGE" as const }];
    await afterWrite(db, page.id, () => write(db, async (w) => raiseImpacts(w, (await findIncidentById(w.trx, incidentId))!, raise, automationActor(null as unknown as string))));
  });

  it("delete, then a service deleted", async () => {
    const { db, accountId, page, ids } = ctx;
    await afterWrite(db, page.id, () => deleteIncident(db, accountId, incidentId));
    const resolved = await createIncident(db, accountId, { name: "Old", severity: "MAJOR", serviceIds: [ids.web], update: { description: "x", publicIncidentUpdateDate: T - 30 * D } });
    await addIncidentUpdate(db, accountId, resolved.incident.id, { description: "fixed", status: "RESOLVED", publicIncidentUpdateDate: T - 29 * D });
    await afterWrite(db, page.id, () => deleteService(db, accountId, ids.web));
    expect((await stripsOf(db, page.id)).has(ids.web)).toBe(false);
  });
});

describe("v3 incident and component writes", () => {
  let ctx: Awaited<ReturnType<typeof v3Page>>;
  let incidentId: string;
  let resolutionId: string;
  beforeAll(async () => {
    ctx = await v3Page("Asia/Tokyo", T);
  });

  it("create, impacts replaced (backdated), impacts changed", async () => {
    const { db, accountId, page, ids } = ctx;
    await afterWrite(
      db,
      page.id,
      async () => {
        incidentId = (await createIncidentV3(db, accountId, page.id, { name: "Slow", componentImpacts: [{ componentId: ids.api, status: "PARTIAL_OUTAGE" }], update: { description: "x" } }, ACTOR)).incident.id;
      },
      { changesPast: false },
    );
    const windows = [
      { componentId: ids.api, status: "MAJOR_OUTAGE" as const, startedAt: T - 9 * D, endedAt: T - 8 * D },
      { componentId: ids.checkout, status: "PARTIAL_OUTAGE" as const, startedAt: T - 3 * D, endedAt: null },
    ];
    await afterWrite(db, page.id, () => replaceImpactsV3(db, accountId, page.id, incidentId, windows, ACTOR));
    await afterWrite(db, page.id, () => updateIncidentV3(db, accountId, page.id, incidentId, { name: "Slow", componentImpacts: [{ componentId: ids.dns, status: "MAJOR_OUTAGE" }] }, ACTOR), { changesPast: false });
    await afterWrite(db, page.id, () => replaceImpactsV3(db, accountId, page.id, incidentId, [...windows, { componentId: ids.dns, status: "MAJOR_OUTAGE", startedAt: T - 2 * D, endedAt: null }], ACTOR));
  });

  it("updates added (resolving, backdated), edited, deleted; the incident deleted", async () => {
    const { db, accountId, page } = ctx;
    await afterWrite(db, page.id, async () => {
      resolutionId = (await addIncidentUpdateV3(db, accountId, page.id, incidentId, { description: "fixed", status: "RESOLVED", publicIncidentUpdateDate: T - D }, ACTOR)).id;
    });
    await afterWrite(db, page.id, () => editIncidentUpdateV3(db, accountId, page.id, incidentId, resolutionId, { description: "fixed", publicIncidentUpdateDate: T - 2 * D }, ACTOR), { changesPast: false });
    await afterWrite(db, page.id, () => deleteIncidentUpdateV3(db, accountId, page.id, incidentId, resolutionId, ACTOR), { changesPast: false });
    await afterWrite(db, page.id, () => deleteIncidentV3(db, accountId, page.id, incidentId));
  });

  it("a component leaves a group under maintenance; the group deleted", async () => {
    const { db, accountId, page, ids } = ctx;
    await afterWrite(db, page.id, () =>
      createWindow(db, accountId, { name: "Platform", startsAt: T - 6 * D, endsAt: T - 6 * D + 5 * H, repeatUnit: null, statusPageVisibility: { enabled: true, statusPageIds: [page.id], componentIds: [ids.platform] } }),
    );
    await afterWrite(db, page.id, () => updateComponent(db, accountId, page.id, ids.checkout, { type: "SERVICE", name: "Checkout", displayOrder: 3, parentId: null }));
    await afterWrite(db, page.id, () => deleteComponent(db, accountId, page.id, ids.platform));
  });
});

describe("maintenance writes", () => {
  let ctx: Awaited<ReturnType<typeof v1Page>>;
  const visibility = () => ({ enabled: true, statusPageIds: [ctx.page.id], serviceIds: [ctx.ids.api] });
  const occurrenceOf = (windowId: number) => ctx.db.selectFrom("maintenance_occurrences").selectAll().where("window_id", "=", windowId).executeTakeFirstOrThrow();
  beforeAll(async () => {
    ctx = await v1Page("UTC", T);
  });

  it("a window created, changed, deleted", async () => {
    const { db, accountId, page } = ctx;
    let id = 0;
    await afterWrite(db, page.id, async () => {
      id = (await createWindow(db, accountId, { name: "DB", startsAt: T - 5 * D, endsAt: T - 5 * D + 2 * H, repeatUnit: null, statusPageVisibility: visibility() })).id;
    });
    await afterWrite(db, page.id, () => updateWindow(db, accountId, id, { startsAt: T - 6 * D, endsAt: T - 6 * D + 3 * H }));
    await afterWrite(db, page.id, () => deleteWindow(db, accountId, id));
  });

  it("an occurrence moved on by the scheduler, then its updates edited, added, deleted, and it moved", async () => {
    const { db, accountId, page } = ctx;
    const w = await createWindow(db, accountId, { name: "Late scheduler", startsAt: T - 2 * D, endsAt: T - 2 * D + H, repeatUnit: null, statusPageVisibility: visibility() });
    // Completed at the scheduler's tick (now), not at its end: the pages say maintenance lasted until then.
    await afterWrite(db, page.id, () => advanceMaintenance(db, Date.now()));
    const occ = await occurrenceOf(w.id);
    expect(occ.status).toBe("COMPLETED");
    const [completed] = await db.selectFrom("maintenance_updates").selectAll().where("occurrence_id", "=", occ.id).execute();
    await afterWrite(db, page.id, () => editMaintenanceUpdate(db, accountId, w.id, occ.id, completed.id, { status: "IN_PROGRESS" }, ACTOR));
    let added = "";
    await afterWrite(db, page.id, async () => {
      added = (await addMaintenanceUpdate(db, accountId, w.id, occ.id, { status: "COMPLETED", description: "done" }, ACTOR)).id;
    });
    await afterWrite(db, page.id, () => deleteMaintenanceUpdate(db, accountId, w.id, occ.id, added));
    await afterWrite(db, page.id, () => moveMaintenance(db, accountId, w.id, occ.id, { startsAt: T - 3 * D, endsAt: T - 3 * D + 2 * H }, ACTOR));
  });

  it("an open occurrence skipped", async () => {
    const { db, accountId, page } = ctx;
    const w = await createWindow(db, accountId, { name: "Open", startsAt: T - 4 * D, endsAt: T - 4 * D + H, repeatUnit: null, statusPageVisibility: { ...visibility(), autoEnd: false } });
    // Under way by the clock already: the scheduler's start changes nothing the pages show.
    await afterWrite(db, page.id, () => advanceMaintenance(db, Date.now()), { changesPast: false });
    const occ = await occurrenceOf(w.id);
    expect(occ.status).toBe("IN_PROGRESS");
    await afterWrite(db, page.id, () => skipMaintenance(db, accountId, w.id, occ.id, ACTOR));
  });
});
