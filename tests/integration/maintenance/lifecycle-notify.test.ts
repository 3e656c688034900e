/**
 * Maintenance notifications through the API: a notifySubscribers update goes through the outbox like an incident's,
 * scoped to the window's services; start and end follow the real state, nothing for a skipped occurrence; refused
 * changes change nothing, and concurrent moves into one slot cannot both succeed.
 */
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { Maintenance, MaintenanceList, MaintenanceStatusUpdate, MaintenanceWindow } from "@/lib/maintenance/schema";
import { scheduleMaintenance } from "@/lib/notifications/worker/schedule";
import { subscriberLinks } from "@/lib/notifications/worker/links";
import { bulkCreateSubscriptions } from "@/lib/subscriptions/service";
import { updateManagedServices } from "@/lib/subscriptions/self-service";
import { subscriptionKeys } from "@/lib/subscriptions/crypto";
import { client, type ApiResponse } from "../api/client";
import { expectError, expectShape, slug, STORE, tenant } from "../api/fixtures";
import { vendorSchemaErrors } from "@/tests/setup/vendor-schemas";
import { deliveriesOf, loopbackGuard, pageWithServices, testWorker } from "../notifications/fixtures";
import { startReceiver, type HttpPeer } from "../notifications/peers";
import type { z } from "zod";

const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const peers: HttpPeer[] = [];
afterAll(async () => {
  for (const p of peers) await p.close();
});

function answer<S extends z.ZodType>(res: ApiResponse, status: number, schema: S, vendor: string): z.output<S> {
  const body = expectShape(res, status, schema);
  expect(vendorSchemaErrors(vendor, body)).toEqual([]);
  return body;
}

/** A page with three services, a webhook following everything and one following only Billing; a daily window on API. */
async function setup(slug: string) {
  const ctx = await pageWithServices(slug);
  const api = client(ctx.apiKey);
  const all = await startReceiver();
  const billing = await startReceiver();
  peers.push(all, billing);
  await bulkCreateSubscriptions(ctx.db, ctx.accountId, ctx.page.id, { subscriptions: [{ type: "WEBHOOK", config: all.url }, { type: "WEBHOOK", config: billing.url }], autoVerify: true }, loopbackGuard());
  const sub = await ctx.db.selectFrom("subscribers").select(["id", "token_nonce"]).where("target", "=", billing.url).executeTakeFirstOrThrow();
  const token = new URL(subscriberLinks(await subscriptionKeys(ctx.db), ctx.page, sub).manage).searchParams.get("token")!;
  expect(await updateManagedServices(ctx.db, ctx.page, token, [ctx.services[2].id])).toBe(true);
  const start = Date.now() + 24 * H;
  const w = answer(
    await api.post("/v1/maintenance-windows", {
      name: "Nightly DB work",
      description: "Replica rotation",
      startsAt: iso(start),
      endsAt: iso(start + 2 * H),
      repeatUnit: "DAY",
      repeatInterval: 1,
      statusPageVisibility: { enabled: true, statusPageIds: [ctx.page.id], serviceIds: [ctx.services[0].id], notifyOnStart: true, notifyOnEnd: true },
    }),
    201,
    MaintenanceWindow,
    "MaintenanceWindow",
  );
  const base = `/v1/maintenance-windows/${w.id}/maintenances`;
  const occ = answer(await api.get(`${base}?limit=5`), 200, MaintenanceList, "MaintenanceList");
  return { ...ctx, api, all, billing, w, base, occ };
}

/** The page's events as "kind ref", in the order they were queued; component flips apart. */
async function eventsOf(db: Db, pageId: string, flips = false) {
  const rows = await db.selectFrom("notification_events").select(["kind", "ref", "created_at"]).where("status_page_id", "=", pageId).orderBy("created_at").orderBy("kind").execute();
  return rows.filter((r) => (r.kind === "component.update") === flips).map((r) => `${r.kind} ${r.ref}`);
}

/** Everything a refused request must leave as it was. */
async function snapshot(db: Db) {
  const tables = ["maintenance_occurrences", "maintenance_updates", "notification_events", "notification_deliveries"] as const;
  const out: unknown[] = [];
  for (const t of tables) out.push(await db.selectFrom(t).selectAll().orderBy("id").execute());
  return JSON.stringify(out);
}

describe(`maintenance lifecycle notifications (${STORE})`, () => {
  it("an occurrence moved, updated with notifySubscribers and completed through the API queues the right events and webhooks", async () => {
    const { db, page, services, api, all, billing, w, base, occ } = await setup("life-notify");
    const [o0, o1, o2] = occ;

    // Moving notifies nobody.
    const movedStart = Date.parse(o0.startsAt) - H;
    answer(await api.patch(`${base}/${o0.id}`, { startsAt: iso(movedStart) }), 200, Maintenance, "Maintenance");
    expect(await eventsOf(db, page.id)).toEqual([]);

    // Updates that ask to notify: the update itself, carrying its status (no separate start or end notice).
    const started = answer(await api.post(`${base}/${o0.id}/updates`, { status: "IN_PROGRESS", description: "Started *early*", notifySubscribers: true }), 201, MaintenanceStatusUpdate, "MaintenanceStatusUpdate");
    answer(await api.post(`${base}/${o0.id}/updates`, { status: "VERIFYING", description: "Checking replicas" }), 201, MaintenanceStatusUpdate, "MaintenanceStatusUpdate");
    const done = answer(await api.post(`${base}/${o0.id}/updates`, { status: "COMPLETED", description: "All done", notifySubscribers: true }), 201, MaintenanceStatusUpdate, "MaintenanceStatusUpdate");
    // Edits never notify.
    answer(await api.put(`${base}/${o0.id}/updates/${done.id}`, { description: "All done, really", notifySubscribers: true }), 200, MaintenanceStatusUpdate, "MaintenanceStatusUpdate");
    expect(await eventsOf(db, page.id)).toEqual([`maintenance.update ${started.id}`, `maintenance.update ${done.id}`]);

    // Quiet updates: the window's start and end notices, when the operator's update really starts and completes it (a day early).
    answer(await api.post(`${base}/${o1.id}/updates`, { status: "IN_PROGRESS", description: "Quietly" }), 201, MaintenanceStatusUpdate, "MaintenanceStatusUpdate");
    answer(await api.post(`${base}/${o1.id}/updates`, { status: "COMPLETED", description: "Quietly done" }), 201, MaintenanceStatusUpdate, "MaintenanceStatusUpdate");
    // Skipped: nothing now, nothing when its time comes.
    expect((await api.delete(`${base}/${o2.id}`)).status).toBe(204);
    await scheduleMaintenance(db, Date.parse(o2.startsAt) + 60_000);
    await scheduleMaintenance(db, Date.parse(o2.endsAt) + 60_000);
    const o1Rule = `${w.id}:${Date.parse(o1.startsAt)}`;
    expect(await eventsOf(db, page.id)).toEqual([`maintenance.update ${started.id}`, `maintenance.update ${done.id}`, `maintenance.start ${o1Rule}`, `maintenance.end ${o1Rule}`]);
    expect(answer(await api.get(`${base}/${o2.id}`), 200, Maintenance, "Maintenance").status).toBe("CANCELLED");

    // Scope: the window affects API; the Billing-only subscriber hears nothing. One delivery per event, each once.
    // API goes under maintenance when an occurrence starts and back when it completes (not for the skipped one).
    const api0 = services[0].id;
    const o1Updates = answer(await api.get(`${base}/${o1.id}`), 200, Maintenance, "Maintenance").updates.map((u) => u.id).reverse();
    expect(await eventsOf(db, page.id, true)).toEqual([`component.update ${started.id}:${api0}`, `component.update ${done.id}:${api0}`, ...o1Updates.map((id) => `component.update ${id}:${api0}`)]);

    const rows = await deliveriesOf(db, page.id);
    expect(rows.map((r) => r.target)).toEqual(rows.map(() => all.url));
    expect(rows).toHaveLength(8);
    await testWorker(db).drain();
    expect(billing.received).toHaveLength(0);
    const flips = all.received.map((r) => JSON.parse(r.body)).filter((b) => b.component_update);
    expect(flips.map((b) => `${b.component_update.old_status} -> ${b.component_update.new_status}`).sort()).toEqual([
      "operational -> under_maintenance", "operational -> under_maintenance", "under_maintenance -> operational", "under_maintenance -> operational",
    ]);
    // Sent concurrently: in any order.
    const bodies = all.received.map((r) => JSON.parse(r.body)).filter((b) => b.incident);
    expect(bodies.map((b) => `${b.meta.event} ${b.incident.status}`).sort()).toEqual([
      "maintenance.end completed",
      "maintenance.start in_progress",
      "maintenance.update completed",
      "maintenance.update in_progress",
    ]);
    const first = bodies.find((b) => b.meta.event === "maintenance.update" && b.incident.status === "in_progress");
    expect(first.incident).toMatchObject({ name: "Nightly DB work", impact: "maintenance", scheduled_for: iso(movedStart), scheduled_until: o0.endsAt });
    expect(first.incident.incident_updates).toEqual([expect.objectContaining({ id: started.id, status: "in_progress", body: "Started *early*" })]);
    expect(first.incident.components).toEqual([{ id: services[0].id, name: "API", status: "under_maintenance" }]);
    const last = bodies.find((b) => b.meta.event === "maintenance.update" && b.incident.status === "completed");
    expect(last.incident.incident_updates[0]).toMatchObject({ id: done.id, body: "All done" });
    expect(last.incident.components).toEqual([{ id: services[0].id, name: "API", status: "operational" }]);
    expect(new Set(all.received.map((r) => r.headers["webhook-id"])).size).toBe(8);
  });

  it("refuses moving a final occurrence back, a move into another occurrence and an end before the start, changing nothing", async () => {
    const { db, page, api, base, occ } = await setup("life-bad");
    const [o0, o1, o2] = occ;
    answer(await api.post(`${base}/${o0.id}/updates`, { status: "COMPLETED", description: "Done early", notifySubscribers: true }), 201, MaintenanceStatusUpdate, "MaintenanceStatusUpdate");
    expect((await api.delete(`${base}/${o1.id}`)).status).toBe(204);
    const before = await snapshot(db);
    const events = await eventsOf(db, page.id);
    expect(events).toHaveLength(1);

    for (const status of ["SCHEDULED", "IN_PROGRESS", "VERIFYING", "CANCELLED"]) {
      expectError(await api.post(`${base}/${o0.id}/updates`, { status, description: "back", notifySubscribers: true }), 400, "status");
    }
    for (const status of ["SCHEDULED", "IN_PROGRESS", "VERIFYING", "COMPLETED"]) {
      expectError(await api.post(`${base}/${o1.id}/updates`, { status, description: "unskip", notifySubscribers: true }), 400, "status");
    }
    expectError(await api.patch(`${base}/${o2.id}`, { startsAt: o0.startsAt }), 400, "startsAt");
    expectError(await api.patch(`${base}/${o2.id}`, { startsAt: iso(Date.parse(o0.endsAt) - H), endsAt: iso(Date.parse(o0.endsAt) + H) }), 400, "startsAt");
    expectError(await api.patch(`${base}/${o2.id}`, { endsAt: iso(Date.parse(o2.startsAt) - H) }), 400, "endsAt");
    expectError(await api.patch(`${base}/${o2.id}`, { startsAt: iso(Date.parse(o2.startsAt) + 3 * H), endsAt: iso(Date.parse(o2.startsAt) + H) }), 400, "endsAt");
    expect(await snapshot(db)).toBe(before);
  });

  it("two concurrent moves into the same free slot: exactly one succeeds, the other is a 400 and nothing overlaps", async () => {
    const { db, api, base, occ, w } = await setup("life-race");
    const [, a, , b, c] = occ;
    for (let round = 0; round < 4; round++) {
      // A free slot between two occurrences of the window, further each round.
      const slot = Date.parse(occ[0].startsAt) + (round * 24 + 6) * H;
      const moves = [a, b, c].map((o) => api.patch(`${base}/${o.id}`, { startsAt: iso(slot), endsAt: iso(slot + 2 * H) }));
      const res = await Promise.all(moves);
      expect(res.map((r) => r.status).sort()).toEqual([200, 400, 400]);
      for (const r of res.filter((x) => x.status === 400)) expectError(r, 400, "startsAt");
      const rows = await db.selectFrom("maintenance_occurrences").selectAll().where("window_id", "=", w.id).where("status", "!=", "CANCELLED").orderBy("starts_at").execute();
      for (let i = 1; i < rows.length; i++) expect(rows[i].starts_at).toBeGreaterThanOrEqual(rows[i - 1].ends_at);
    }
  });

  it("a window naming a v3 group: its start reaches followers of the group's components, not others, and those components flip", async () => {
    const t = await tenant();
    const page = (await t.api.post("/v3/status-pages", { name: "V3 maintenance", url: slug("mv3") })).body as { id: string };
    const add = async (body: object) => {
      const r = await t.api.post(`/v3/status-pages/${page.id}/components`, body);
      expect(r.status, r.text).toBe(201);
      return r.body as { id: string };
    };
    const group = await add({ name: "Backend", type: "GROUP", displayOrder: 1 });
    const database = await add({ name: "Database", parentId: group.id, displayOrder: 2 });
    const web = await add({ name: "Web", displayOrder: 3 });
    const subscriptions = [
      { type: "EMAIL", config: { address: "db@example.com", subscribedComponents: [database.id] } },
      { type: "EMAIL", config: { address: "web@example.com", subscribedComponents: [web.id] } },
    ];
    const bulk = await t.api.post(`/v3/status-pages/${page.id}/subscribers/bulk`, { subscriptions, autoVerify: true });
    expect(bulk.status, bulk.text).toBe(201);
    const start = Date.now() + 24 * H;
    const w = answer(
      await t.api.post("/v1/maintenance-windows", {
        name: "DB upgrade",
        startsAt: iso(start),
        endsAt: iso(start + H),
        repeatUnit: null,
        statusPageVisibility: { enabled: true, statusPageIds: [page.id], componentIds: [group.id], notifyOnStart: true },
      }),
      201,
      MaintenanceWindow,
      "MaintenanceWindow",
    );
    const base = `/v1/maintenance-windows/${w.id}/maintenances`;
    const [occ] = answer(await t.api.get(base), 200, MaintenanceList, "MaintenanceList");
    answer(await t.api.post(`${base}/${occ.id}/updates`, { status: "IN_PROGRESS", description: "Started" }), 201, MaintenanceStatusUpdate, "MaintenanceStatusUpdate");

    expect(await eventsOf(t.db, page.id)).toEqual([`maintenance.start ${w.id}:${start}`]);
    expect((await deliveriesOf(t.db, page.id, "maintenance.start")).map((d) => d.target)).toEqual(["db@example.com"]);
    const flipped = await t.db.selectFrom("notification_events").select("ref").where("status_page_id", "=", page.id).where("kind", "=", "component.update").execute();
    const ids = flipped.map((e) => e.ref.split(":")[1]);
    expect(ids).toContain(database.id);
    expect(ids).not.toContain(web.id);
  });
});
