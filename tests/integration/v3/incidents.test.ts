/**
 * v3 incidents: per-component impact windows over time and their updates, through the API, checked
 * against the vendor's schemas, the database (actors, severity, nothing half-written) and the public
 * page snapshot visitors are served from.
 */
import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { findPageById } from "@/lib/status-pages/queries";
import { IncidentsV3Paginated, IncidentUpdatesV3, IncidentUpdateV3, IncidentV3 } from "@/lib/incidents/v3-schema";
import { vendorSchemaErrors } from "../../setup/vendor-schemas";
import type { ApiResponse } from "../api/client";
import { client } from "../api/client";
import { expectError, expectShape, slug, STORE, tenant, type Tenant } from "../api/fixtures";
import type { z } from "zod";

const HOUR = 3_600_000;

/** A v3 page with a group (API, Web) and a top-level Worker, written straight to the database. */
async function v3Page(t: Tenant, name = "Status") {
  // Created a week ago, so impact windows in the last hours count against the components' uptime.
  const at = Date.now() - 7 * 24 * HOUR;
  const pageId = newId();
  await t.db
    .insertInto("status_pages")
    .values({ id: pageId, account_id: t.accountId, name, url: slug("v3"), description: null, custom_domain: null, is_private: 0, default_theme: "AUTO", theme_colors: null, logo: null, logo_dark: null, favicon: null, redirect_to: null, password_hash: null, version: 3, created_at: at, updated_at: at })
    .execute();
  const component = async (cname: string, type: "SERVICE" | "GROUP", parentId: string | null, order: number) => {
    const id = newId();
    await t.db.insertInto("components").values({ id, status_page_id: pageId, type, name: cname, description: null, display_order: order, hidden: 0, parent_id: parentId, created_at: at, updated_at: at }).execute();
    return id;
  };
  const group = await component("Core", "GROUP", null, 0);
  const api = await component("API", "SERVICE", group, 1);
  const web = await component("Web", "SERVICE", group, 2);
  const worker = await component("Worker", "SERVICE", null, 3);
  return { pageId, base: `/v3/status-pages/${pageId}/incidents`, group, api, web, worker };
}

/** Asserts the status, our own strict wire schema and the vendor's published schema. */
function expectV3<S extends z.ZodType>(res: ApiResponse, status: number, schema: S, vendor: string): z.output<S> {
  const body = expectShape(res, status, schema);
  expect(vendorSchemaErrors(vendor, body), res.text).toEqual([]);
  return body;
}

/** Every row of the incident tables that belongs to the account: a refused request must leave them exactly so. */
async function incidentRows(db: Db, accountId: string) {
  const incidents = await db.selectFrom("incidents").selectAll().where("account_id", "=", accountId).orderBy("id").execute();
  const ids = incidents.map((i) => i.id);
  if (ids.length === 0) return { incidents, updates: [], impacts: [] };
  const updates = await db.selectFrom("incident_updates").selectAll().where("incident_id", "in", ids).orderBy("id").execute();
  const impacts = await db.selectFrom("incident_impacts").selectAll().where("incident_id", "in", ids).orderBy("id").execute();
  return { incidents, updates, impacts };
}

async function statusesOnPage(db: Db, pageId: string, now = Date.now()) {
  const page = await findPageById(db, pageId);
  const snap = await loadPageSnapshot(db, page!, now);
  return { page: snap.status, ...Object.fromEntries(snap.entries.flatMap((e) => [[e.name, e.status], ...e.children.map((c) => [c.name, c.status])])), incidents: snap.incidents.map((i) => i.incident.id) };
}

async function keyIdOf(t: Tenant): Promise<string> {
  const row = await t.db.selectFrom("api_keys").select("id").where("account_id", "=", t.accountId).orderBy("created_at").executeTakeFirstOrThrow();
  return row.id;
}

const iso = (ms: number) => new Date(ms).toISOString();

describe(`v3 incidents (${STORE})`, () => {
  it("lifecycle: create with impacts → PUT changes one → MONITORING → RESOLVED closes the windows → history replaced", async () => {
    const t = await tenant();
    const p = await v3Page(t);
    const keyId = await keyIdOf(t);
    const t0 = Date.now() - HOUR;

    const created = expectV3(
      await t.api.post(p.base, {
        name: "Elevated errors",
        componentImpacts: [
          { componentId: p.api, status: "MAJOR_OUTAGE" },
          { componentId: p.web, status: "DEGRADED_PERFORMANCE" },
          { componentId: p.worker, status: "OPERATIONAL" },
        ],
        incidentUpdates: [{ description: "Looking into it", status: "INVESTIGATING", publicIncidentUpdateDate: iso(t0) }],
      }),
      201,
      IncidentV3,
      "IncidentV3",
    );
    expect(created).toMatchObject({ statusPageId: p.pageId, name: "Elevated errors", lastUpdateStatus: "INVESTIGATING", duration: null });
    expect(Object.keys(created)).toEqual(["id", "statusPageId", "name", "lastUpdateStatus", "duration", "componentImpacts", "incidentUpdates", "created_at", "updated_at"]);
    expect(Object.keys(created.incidentUpdates[0])).toEqual(["id", "description", "status", "publicIncidentUpdateDate", "notifySubscribers", "created_at"]);
    // Windows open at the first update's public time; OPERATIONAL opens none.
    expect(created.componentImpacts).toEqual(
      expect.arrayContaining([
        { componentId: p.api, status: "MAJOR_OUTAGE", startedAt: iso(t0), endedAt: null },
        { componentId: p.web, status: "DEGRADED_PERFORMANCE", startedAt: iso(t0), endedAt: null },
      ]),
    );
    expect(created.componentImpacts).toHaveLength(2);
    expect(expectV3(await t.api.get(`${p.base}/${created.id}`), 200, IncidentV3, "IncidentV3")).toEqual(created);
    expect(await statusesOnPage(t.db, p.pageId)).toMatchObject({ page: "MAJOR_OUTAGE", Core: "MAJOR_OUTAGE", API: "MAJOR_OUTAGE", Web: "DEGRADED_PERFORMANCE", Worker: "OPERATIONAL", incidents: [created.id] });

    // PUT: API drops to a partial outage (its window closes now, a new one opens); Web stays as it was.
    const put = expectV3(
      await t.api.put(`${p.base}/${created.id}`, { name: "Elevated errors on the API", componentImpacts: [{ componentId: p.api, status: "PARTIAL_OUTAGE" }, { componentId: p.web, status: "DEGRADED_PERFORMANCE" }] }),
      200,
      IncidentV3,
      "IncidentV3",
    );
    expect(put.name).toBe("Elevated errors on the API");
    const apiWindows = put.componentImpacts.filter((w) => w.componentId === p.api);
    expect(apiWindows.map((w) => w.status)).toEqual(["MAJOR_OUTAGE", "PARTIAL_OUTAGE"]);
    expect(apiWindows[0].endedAt).toBe(apiWindows[1].startedAt);
    expect(apiWindows[1].endedAt).toBeNull();
    expect(put.componentImpacts.filter((w) => w.componentId === p.web)).toEqual([{ componentId: p.web, status: "DEGRADED_PERFORMANCE", startedAt: iso(t0), endedAt: null }]);
    expect(await statusesOnPage(t.db, p.pageId)).toMatchObject({ page: "PARTIAL_OUTAGE", API: "PARTIAL_OUTAGE", Web: "DEGRADED_PERFORMANCE" });
    expect((await t.db.selectFrom("incidents").select("severity").where("id", "=", created.id).executeTakeFirstOrThrow()).severity).toBe("MAJOR");

    // Renaming alone (no componentImpacts) leaves the impacts as they are.
    const renamed = expectV3(await t.api.put(`${p.base}/${created.id}`, { name: "API errors" }), 200, IncidentV3, "IncidentV3");
    expect(renamed.componentImpacts).toEqual(put.componentImpacts);

    const monitoring = expectV3(await t.api.post(`${p.base}/${created.id}/incident-updates`, { description: "A fix is out", status: "MONITORING" }), 201, IncidentUpdateV3, "IncidentUpdateV3");
    expect(monitoring.status).toBe("MONITORING");
    const afterMonitoring = expectV3(await t.api.get(`${p.base}/${created.id}`), 200, IncidentV3, "IncidentV3");
    expect(afterMonitoring).toMatchObject({ lastUpdateStatus: "MONITORING", duration: null });
    expect(afterMonitoring.componentImpacts.filter((w) => w.endedAt === null)).toHaveLength(2);

    const resolved = expectV3(await t.api.post(`${p.base}/${created.id}/incident-updates`, { description: "All good", status: "RESOLVED" }), 201, IncidentUpdateV3, "IncidentUpdateV3");
    const closed = expectV3(await t.api.get(`${p.base}/${created.id}`), 200, IncidentV3, "IncidentV3");
    expect(closed.lastUpdateStatus).toBe("RESOLVED");
    expect(closed.componentImpacts.every((w) => w.endedAt !== null)).toBe(true);
    expect(closed.componentImpacts.filter((w) => w.status !== "MAJOR_OUTAGE").map((w) => w.endedAt)).toEqual([resolved.publicIncidentUpdateDate, resolved.publicIncidentUpdateDate]);
    expect(closed.duration).toBe(Math.round((Date.parse(resolved.publicIncidentUpdateDate) - t0) / 1000));
    expect(await statusesOnPage(t.db, p.pageId)).toMatchObject({ page: "OPERATIONAL", API: "OPERATIONAL", Web: "OPERATIONAL", incidents: [created.id] });

    const updates = expectV3(await t.api.get(`${p.base}/${created.id}/incident-updates`), 200, IncidentUpdatesV3, "IncidentUpdatesV3");
    expect(updates.map((u) => u.id)).toEqual([resolved.id, monitoring.id, created.incidentUpdates[0].id]);
    expect(closed.incidentUpdates).toEqual(updates);

    // The history, corrected after the fact: the worker was down too, the API only partially.
    const history = [
      { componentId: p.api, status: "PARTIAL_OUTAGE", startedAt: iso(t0), endedAt: iso(t0 + HOUR / 2) },
      { componentId: p.worker, status: "MAJOR_OUTAGE", startedAt: iso(t0 + 60_000), endedAt: iso(t0 + 120_000) },
      { componentId: p.worker, status: "DEGRADED_PERFORMANCE", startedAt: iso(t0 + 120_000), endedAt: iso(t0 + 300_000) },
    ];
    const replaced = expectV3(await t.api.put(`${p.base}/${created.id}/component-impacts`, { componentImpacts: history }), 200, IncidentV3, "IncidentV3");
    expect(replaced.componentImpacts).toEqual(history);
    expect(expectV3(await t.api.get(`${p.base}/${created.id}`), 200, IncidentV3, "IncidentV3").componentImpacts).toEqual(history);
    // What visitors see comes from these windows: the worker's minute of major outage counts against its uptime.
    const page = await findPageById(t.db, p.pageId);
    const snap = await loadPageSnapshot(t.db, page!);
    const worker = snap.components.find((c) => c.id === p.worker)!;
    const web = snap.components.find((c) => c.id === p.web)!;
    expect(worker.status).toBe("OPERATIONAL");
    expect(worker.days.reduce((sum, d) => sum + d.downtimeMinutes, 0)).toBeCloseTo(1, 5);
    expect(web.days.reduce((sum, d) => sum + d.downtimeMinutes, 0)).toBe(0);
    expect(snap.incidents[0].components.map((c) => c.name)).toEqual(["API", "Worker"]);

    // Every write above was the API key's.
    const rows = await incidentRows(t.db, t.accountId);
    expect(rows.updates.map((u) => [u.actor_type, u.actor_id])).toEqual(rows.updates.map(() => ["API_KEY", keyId]));
    expect(rows.impacts.map((w) => [w.actor_type, w.actor_id])).toEqual(rows.impacts.map(() => ["API_KEY", keyId]));
    expect(rows.incidents[0]).toMatchObject({ impact_actor_type: "API_KEY", impact_actor_id: keyId, severity: "MAJOR", status_page_id: p.pageId });

    expect((await t.api.delete(`${p.base}/${created.id}`)).status).toBe(204);
    expectError(await t.api.get(`${p.base}/${created.id}`), 404);
    expect((await statusesOnPage(t.db, p.pageId)).incidents).toEqual([]);
  });

  it("records who acted: the key that closes a window is who it now speaks for", async () => {
    const t = await tenant();
    const p = await v3Page(t);
    const first = await keyIdOf(t);
    const second = (await t.api.post("/v1/api-keys", { name: "on call" })).body;
    const other = client(second.key);
    const inc = (await t.api.post(p.base, { name: "n", componentImpacts: [{ componentId: p.api, status: "MAJOR_OUTAGE" }, { componentId: p.web, status: "MAJOR_OUTAGE" }], incidentUpdates: [{ description: "x", status: "INVESTIGATING" }] })).body;
    expectV3(await other.put(`${p.base}/${inc.id}`, { name: "n", componentImpacts: [{ componentId: p.api, status: "MAJOR_OUTAGE" }] }), 200, IncidentV3, "IncidentV3");
    const byComponent = async () => {
      const rows = await t.db.selectFrom("incident_impacts").selectAll().where("incident_id", "=", inc.id).execute();
      return Object.fromEntries(rows.map((w) => [w.component_id === p.api ? "api" : "web", { open: w.ended_at === null, actor: w.actor_id }]));
    };
    expect(await byComponent()).toEqual({ api: { open: true, actor: first }, web: { open: false, actor: second.id } });
    const incident = () => t.db.selectFrom("incidents").select(["impact_actor_type", "impact_actor_id"]).where("id", "=", inc.id).executeTakeFirstOrThrow();
    expect(await incident()).toEqual({ impact_actor_type: "API_KEY", impact_actor_id: second.id });
    // A rename alone is no impact change.
    await t.api.put(`${p.base}/${inc.id}`, { name: "renamed" });
    expect(await incident()).toEqual({ impact_actor_type: "API_KEY", impact_actor_id: second.id });
    // Resolving closes the last window: the resolver is recorded on it, on the update and on the incident.
    const resolved = expectV3(await t.api.post(`${p.base}/${inc.id}/incident-updates`, { description: "fixed", status: "RESOLVED" }), 201, IncidentUpdateV3, "IncidentUpdateV3");
    expect(await byComponent()).toEqual({ api: { open: false, actor: first }, web: { open: false, actor: second.id } });
    expect(await incident()).toEqual({ impact_actor_type: "API_KEY", impact_actor_id: first });
    const update = await t.db.selectFrom("incident_updates").select(["actor_type", "actor_id"]).where("id", "=", resolved.id).executeTakeFirstOrThrow();
    expect(update).toEqual({ actor_type: "API_KEY", actor_id: first });
    // An edit speaks for its editor.
    await other.put(`${p.base}/${inc.id}/incident-updates/${resolved.id}`, { description: "fixed for good", status: "RESOLVED" });
    expect(await t.db.selectFrom("incident_updates").select("actor_id").where("id", "=", resolved.id).executeTakeFirstOrThrow()).toEqual({ actor_id: second.id });
  });

  it("stores the v1 severity of the worst impact, never shown in v3 answers", async () => {
    const t = await tenant();
    const p = await v3Page(t);
    const severity = async (id: string) => (await t.db.selectFrom("incidents").select("severity").where("id", "=", id).executeTakeFirstOrThrow()).severity;
    const make = async (impacts: { componentId: string; status: string }[]) => {
      const res = await t.api.post(p.base, { name: "n", componentImpacts: impacts, incidentUpdates: [{ description: "x", status: "INVESTIGATING" }] });
      expect(res.body).not.toHaveProperty("severity");
      return res.body.id as string;
    };
    expect(await severity(await make([]))).toBe("MINOR");
    expect(await severity(await make([{ componentId: p.api, status: "UNDER_MAINTENANCE" }]))).toBe("MINOR");
    expect(await severity(await make([{ componentId: p.api, status: "DEGRADED_PERFORMANCE" }]))).toBe("MINOR");
    const partial = await make([{ componentId: p.api, status: "PARTIAL_OUTAGE" }, { componentId: p.web, status: "DEGRADED_PERFORMANCE" }]);
    expect(await severity(partial)).toBe("MEDIUM");
    await t.api.put(`${p.base}/${partial}`, { name: "n", componentImpacts: [{ componentId: p.web, status: "MAJOR_OUTAGE" }] });
    expect(await severity(partial)).toBe("MAJOR");
    await t.api.put(`${p.base}/${partial}/component-impacts`, { componentImpacts: [{ componentId: p.web, status: "DEGRADED_PERFORMANCE", startedAt: iso(Date.now() - HOUR), endedAt: null }] });
    expect(await severity(partial)).toBe("MINOR");
  });

  it("lists a page's incidents most recently updated first, by cursor", async () => {
    const t = await tenant();
    const p = await v3Page(t);
    const other = await v3Page(t, "Other");
    const ids: string[] = [];
    for (const name of ["one", "two", "three"]) {
      ids.push((await t.api.post(p.base, { name, incidentUpdates: [{ description: "x", status: "INVESTIGATING" }] })).body.id);
      // Distinct updated_at values, so the order under test is not decided by ids.
      await new Promise((r) => setTimeout(r, 3));
    }
    await t.api.post(other.base, { name: "elsewhere", incidentUpdates: [{ description: "x", status: "INVESTIGATING" }] });
    // Touching the oldest makes it the most recently updated.
    await t.api.post(`${p.base}/${ids[0]}/incident-updates`, { description: "still", status: "IDENTIFIED" });

    const first = expectV3(await t.api.get(`${p.base}?limit=2`), 200, IncidentsV3Paginated, "IncidentsV3Paginated");
    expect(first.length).toBe(2);
    expect(first.entries.map((e) => e.name)).toEqual(["one", "three"]);
    expect(first.entries[0]).not.toHaveProperty("incidentUpdates");
    expect(first.nextId).toEqual(expect.any(String));
    const second = expectV3(await t.api.get(`${p.base}?limit=2&nextId=${encodeURIComponent(first.nextId!)}`), 200, IncidentsV3Paginated, "IncidentsV3Paginated");
    expect(second.entries.map((e) => e.name)).toEqual(["two"]);
    expect(second.nextId).toBeNull();
    expect(expectV3(await t.api.get(p.base), 200, IncidentsV3Paginated, "IncidentsV3Paginated").length).toBe(3);

    expectError(await t.api.get(`${other.base}?nextId=${encodeURIComponent(first.nextId!)}`), 400);
    expectError(await t.api.get("/v1/status-pages/services?nextId=" + encodeURIComponent(first.nextId!)), 400);
    expectError(await t.api.get(`${p.base}?limit=0`), 400, "limit");
    expectError(await t.api.get(`${p.base}?limit=101`), 400, "limit");
    expectError(await t.api.get(`/v3/status-pages/not-a-uuid/incidents`), 400, "statusPageId");
    expectError(await t.api.get(`/v3/status-pages/${newId()}/incidents`), 404);
  });

  it("updates: read, edit, reopen and delete; the last one stays (400)", async () => {
    const t = await tenant();
    const p = await v3Page(t);
    const inc = (await t.api.post(p.base, { name: "n", componentImpacts: [{ componentId: p.api, status: "PARTIAL_OUTAGE" }], incidentUpdates: [{ description: "start", status: "INVESTIGATING" }] })).body;
    const first = inc.incidentUpdates[0];
    const base = `${p.base}/${inc.id}/incident-updates`;
    expect(expectV3(await t.api.get(`${base}/${first.id}`), 200, IncidentUpdateV3, "IncidentUpdateV3")).toEqual(first);
    expectError(await t.api.post(base, { description: "no status" }), 400, "status");
    expectError(await t.api.put(`${base}/${first.id}`, { description: "no status" }), 400, "status");

    // Editing the latest update into a resolution closes the open windows at its public time.
    const at = Date.now() - 60_000;
    const edited = expectV3(await t.api.put(`${base}/${first.id}`, { description: "it was nothing", status: "RESOLVED", publicIncidentUpdateDate: iso(at) }), 200, IncidentUpdateV3, "IncidentUpdateV3");
    expect(edited).toMatchObject({ id: first.id, description: "it was nothing", status: "RESOLVED", publicIncidentUpdateDate: iso(at) });
    let view = expectV3(await t.api.get(`${p.base}/${inc.id}`), 200, IncidentV3, "IncidentV3");
    // The window opened when the incident was created, after that backdated resolution: it ends as it starts, never before.
    expect(view.componentImpacts).toEqual([{ componentId: p.api, status: "PARTIAL_OUTAGE", startedAt: inc.componentImpacts[0].startedAt, endedAt: inc.componentImpacts[0].startedAt }]);

    // A later non-resolved update reopens the incident; its windows stay closed until a PUT opens new ones.
    const reopened = expectV3(await t.api.post(base, { description: "back again", status: "INVESTIGATING" }), 201, IncidentUpdateV3, "IncidentUpdateV3");
    view = expectV3(await t.api.get(`${p.base}/${inc.id}`), 200, IncidentV3, "IncidentV3");
    expect(view).toMatchObject({ lastUpdateStatus: "INVESTIGATING", duration: null });
    expect(view.componentImpacts.every((w) => w.endedAt !== null)).toBe(true);
    expect((await statusesOnPage(t.db, p.pageId)).API).toBe("OPERATIONAL");
    view = expectV3(await t.api.put(`${p.base}/${inc.id}`, { name: "n", componentImpacts: [{ componentId: p.api, status: "MAJOR_OUTAGE" }] }), 200, IncidentV3, "IncidentV3");
    expect((await statusesOnPage(t.db, p.pageId)).API).toBe("MAJOR_OUTAGE");

    // Deleting the reopening update leaves the resolution the latest: the incident is resolved again, windows closed.
    expect((await t.api.delete(`${base}/${reopened.id}`)).status).toBe(204);
    view = expectV3(await t.api.get(`${p.base}/${inc.id}`), 200, IncidentV3, "IncidentV3");
    expect(view.lastUpdateStatus).toBe("RESOLVED");
    expect(view.componentImpacts.every((w) => w.endedAt !== null)).toBe(true);
    expect((await statusesOnPage(t.db, p.pageId)).API).toBe("OPERATIONAL");
    expectError(await t.api.get(`${base}/${reopened.id}`), 404);

    const before = await incidentRows(t.db, t.accountId);
    const last = expectError(await t.api.delete(`${base}/${first.id}`), 400, "incidentUpdateId");
    expect(last.message).toMatch(/at least one update/);
    expect(await incidentRows(t.db, t.accountId)).toEqual(before);
  });

  it("notifySubscribers queues deliveries for the page's subscribers of the affected components", async () => {
    const t = await tenant();
    const p = await v3Page(t);
    const at = Date.now();
    const subscriber = newId();
    await t.db
      .insertInto("subscribers")
      .values({ id: subscriber, status_page_id: p.pageId, channel: "EMAIL", target: "ops@example.com", status: "VERIFIED", service_ids: null, dest_host: "smtp", secret_enc: null, contact_email: null, token_nonce: newId(), verify_nonce: null, verify_sent_at: null, verified_at: at, failing_since: null, disabled_at: null, unsubscribed_at: null, created_at: at, updated_at: at })
      .execute();
    const deliveries = async () => Number((await t.db.selectFrom("notification_deliveries").select((eb) => eb.fn.countAll<number>().as("n")).where("subscriber_id", "=", subscriber).executeTakeFirstOrThrow()).n);
    const inc = (await t.api.post(p.base, { name: "n", componentImpacts: [{ componentId: p.api, status: "MAJOR_OUTAGE" }], incidentUpdates: [{ description: "x", status: "INVESTIGATING" }] })).body;
    expect(await deliveries()).toBe(0);
    expect((await t.api.post(`${p.base}/${inc.id}/incident-updates`, { description: "y", status: "IDENTIFIED", notifySubscribers: true })).status).toBe(201);
    expect(await deliveries()).toBe(1);
    // An edit never notifies again.
    const u = (await t.api.get(`${p.base}/${inc.id}/incident-updates`)).body[0];
    await t.api.put(`${p.base}/${inc.id}/incident-updates/${u.id}`, { description: "z", status: "IDENTIFIED", notifySubscribers: true });
    expect(await deliveries()).toBe(1);
  });

  it("refuses bad input with a 400 naming the field, and writes nothing", async () => {
    const t = await tenant();
    const p = await v3Page(t);
    const sibling = await v3Page(t, "Sibling");
    const stranger = await tenant("Stranger");
    const strangers = await v3Page(stranger);
    const update = [{ description: "x", status: "INVESTIGATING" }];
    const inc = (await t.api.post(p.base, { name: "open", componentImpacts: [{ componentId: p.api, status: "MAJOR_OUTAGE" }], incidentUpdates: update })).body;
    const done = (await t.api.post(p.base, { name: "done", incidentUpdates: [{ description: "x", status: "RESOLVED" }] })).body;
    const before = await incidentRows(t.db, t.accountId);
    const t0 = Date.now() - HOUR;
    const win = (over: Record<string, unknown> = {}) => ({ componentId: p.api, status: "MAJOR_OUTAGE", startedAt: iso(t0), endedAt: iso(t0 + 60_000), ...over });
    const cases: [() => Promise<ApiResponse>, string][] = [
      // create
      [() => t.api.post(p.base, { name: "n", componentImpacts: [{ componentId: sibling.api, status: "MAJOR_OUTAGE" }], incidentUpdates: update }), "componentImpacts.0.componentId"],
      [() => t.api.post(p.base, { name: "n", componentImpacts: [{ componentId: p.web, status: "MINOR_OUTAGE" }, { componentId: strangers.api, status: "MAJOR_OUTAGE" }], incidentUpdates: update }), "componentImpacts.0.status"],
      [() => t.api.post(p.base, { name: "n", componentImpacts: [{ componentId: p.web, status: "MAJOR_OUTAGE" }, { componentId: strangers.api, status: "MAJOR_OUTAGE" }], incidentUpdates: update }), "componentImpacts.1.componentId"],
      [() => t.api.post(p.base, { name: "n", componentImpacts: [{ componentId: p.api, status: "MAJOR_OUTAGE" }, { componentId: p.api, status: "OPERATIONAL" }], incidentUpdates: update }), "componentImpacts.1.componentId"],
      [() => t.api.post(p.base, { name: "n", componentImpacts: [{ componentId: p.group, status: "MAJOR_OUTAGE" }], incidentUpdates: update }), "componentImpacts.0.componentId"],
      [() => t.api.post(p.base, { name: "n", incidentUpdates: [...update, ...update] }), "incidentUpdates"],
      [() => t.api.post(p.base, { name: "n", incidentUpdates: [{ description: "x" }] }), "incidentUpdates.0.status"],
      [() => t.api.post(p.base, { name: "x".repeat(256), incidentUpdates: update }), "name"],
      [() => t.api.post(p.base, { name: "n", severity: "MAJOR", incidentUpdates: update }), "severity"],
      // PUT
      [() => t.api.put(`${p.base}/${inc.id}`, { name: "n", componentImpacts: [{ componentId: p.web, status: "MAJOR_OUTAGE" }, { componentId: p.web, status: "PARTIAL_OUTAGE" }] }), "componentImpacts.1.componentId"],
      [() => t.api.put(`${p.base}/${inc.id}`, { name: "n", componentImpacts: [{ componentId: p.web, status: "MAJOR_OUTAGE" }, { componentId: sibling.web, status: "MAJOR_OUTAGE" }] }), "componentImpacts.1.componentId"],
      [() => t.api.put(`${p.base}/${inc.id}`, { componentImpacts: [] }), "name"],
      [() => t.api.put(`${p.base}/${done.id}`, { name: "n", componentImpacts: [{ componentId: p.api, status: "MAJOR_OUTAGE" }] }), "componentImpacts.0.status"],
      // history replace
      [() => t.api.put(`${p.base}/${inc.id}/component-impacts`, { componentImpacts: [win({ status: "OPERATIONAL" })] }), "componentImpacts.0.status"],
      [() => t.api.put(`${p.base}/${inc.id}/component-impacts`, { componentImpacts: [win(), win({ startedAt: iso(t0 + 120_000), endedAt: iso(t0 + 60_000) })] }), "componentImpacts.1.endedAt"],
      [() => t.api.put(`${p.base}/${done.id}/component-impacts`, { componentImpacts: [win({ endedAt: null })] }), "componentImpacts.0.endedAt"],
      [() => t.api.put(`${p.base}/${done.id}/component-impacts`, { componentImpacts: [win({ endedAt: undefined })] }), "componentImpacts.0.endedAt"],
      // A window outlasting the resolution would keep the component red on the page after the incident ended.
      [() => t.api.put(`${p.base}/${done.id}/component-impacts`, { componentImpacts: [win({ endedAt: iso(Date.now() + 10 * HOUR) })] }), "componentImpacts.0.endedAt"],
      [() => t.api.put(`${p.base}/${inc.id}/component-impacts`, { componentImpacts: [win(), win({ startedAt: iso(t0 + 30_000), endedAt: null })] }), "componentImpacts.1.startedAt"],
      [() => t.api.put(`${p.base}/${inc.id}/component-impacts`, { componentImpacts: [win({ endedAt: null }), win({ startedAt: iso(t0 + HOUR), endedAt: null })] }), "componentImpacts.1.startedAt"],
      [() => t.api.put(`${p.base}/${inc.id}/component-impacts`, { componentImpacts: [win({ componentId: sibling.api })] }), "componentImpacts.0.componentId"],
      [() => t.api.put(`${p.base}/${inc.id}/component-impacts`, { componentImpacts: [win({ componentId: strangers.web })] }), "componentImpacts.0.componentId"],
      [() => t.api.put(`${p.base}/${inc.id}/component-impacts`, { componentImpacts: [win({ startedAt: "yesterday" })] }), "componentImpacts.0.startedAt"],
      [() => t.api.put(`${p.base}/${inc.id}/component-impacts`, {}), "componentImpacts"],
      // updates
      [() => t.api.delete(`${p.base}/${done.id}/incident-updates/${done.incidentUpdates[0].id}`), "incidentUpdateId"],
      [() => t.api.post(`${p.base}/${inc.id}/incident-updates`, { description: "", status: "IDENTIFIED" }), "description"],
      [() => t.api.get(`${p.base}/${inc.id}/incident-updates/nope`), "incidentUpdateId"],
    ];
    for (const [send, field] of cases) expectError(await send(), 400, field);
    expect(await incidentRows(t.db, t.accountId)).toEqual(before);
    // Windows that touch (one ends as the next starts) are fine, and so is a zero-length one.
    const ok = await t.api.put(`${p.base}/${inc.id}/component-impacts`, { componentImpacts: [win(), win({ startedAt: iso(t0 + 60_000), endedAt: iso(t0 + 60_000) }), win({ startedAt: iso(t0 + 60_000), endedAt: null })] });
    expectV3(ok, 200, IncidentV3, "IncidentV3");
  });

  it("cross-version: each API serves its own incidents and says which one serves the other's", async () => {
    const t = await tenant();
    const p = await v3Page(t);
    const sibling = await v3Page(t, "Sibling");
    const svc = (await t.api.post("/v1/status-pages/services", { name: "API" })).body;
    const v1Page = (await t.api.post("/v1/status-pages", { name: "Old", url: slug("old"), cards: [{ name: "c", services: [{ id: svc.id }] }] })).body;
    const v1 = (await t.api.post("/v1/status-pages/incidents", { name: "v1", severity: "MAJOR", services: [{ id: svc.id }], incidentUpdates: [{ description: "x" }] })).body;
    const v3 = (await t.api.post(p.base, { name: "v3", componentImpacts: [{ componentId: p.api, status: "MAJOR_OUTAGE" }], incidentUpdates: [{ description: "x", status: "INVESTIGATING" }] })).body;
    const v3Update = v3.incidentUpdates[0].id;
    const before = await incidentRows(t.db, t.accountId);

    // v1 operations aimed at a v3 incident.
    const use = `This incident is on a v3 status page: use /v3/status-pages/${p.pageId}/incidents/${v3.id}`;
    const v1Calls: (() => Promise<ApiResponse>)[] = [
      () => t.api.get(`/v1/status-pages/incidents/${v3.id}`),
      () => t.api.put(`/v1/status-pages/incidents/${v3.id}`, { name: "x", severity: "MINOR", services: [{ id: svc.id }] }),
      () => t.api.patch(`/v1/status-pages/incidents/${v3.id}`, { name: "x" }),
      () => t.api.delete(`/v1/status-pages/incidents/${v3.id}`),
      () => t.api.get(`/v1/status-pages/incidents/${v3.id}/incident-updates`),
      () => t.api.post(`/v1/status-pages/incidents/${v3.id}/incident-updates`, { description: "x" }),
      () => t.api.get(`/v1/status-pages/incidents/${v3.id}/incident-updates/${v3Update}`),
      () => t.api.put(`/v1/status-pages/incidents/${v3.id}/incident-updates/${v3Update}`, { description: "x" }),
      () => t.api.delete(`/v1/status-pages/incidents/${v3.id}/incident-updates/${v3Update}`),
      () => t.api.get(`/v1/status-pages/incidents/${v3.id}/incident-updates/${v3Update}/deliveries`),
      () => t.api.delete(`/v1/incidents/${v3.id}/updates/${v3Update}`),
    ];
    for (const send of v1Calls) expect(expectError(await send(), 400).message).toBe(use);
    const v1List = (await t.api.get("/v1/status-pages/incidents")).body.entries.map((e: { id: string }) => e.id);
    expect(v1List).toEqual([v1.id]);

    // v3 operations on a v1 page.
    const onV1 = `/v3/status-pages/${v1Page.id}/incidents`;
    const upd = { description: "x", status: "IDENTIFIED" };
    const v3OnV1: (() => Promise<ApiResponse>)[] = [
      () => t.api.get(onV1),
      () => t.api.post(onV1, { name: "x", incidentUpdates: [upd] }),
      () => t.api.get(`${onV1}/${v1.id}`),
      () => t.api.put(`${onV1}/${v1.id}`, { name: "x" }),
      () => t.api.delete(`${onV1}/${v1.id}`),
      () => t.api.put(`${onV1}/${v1.id}/component-impacts`, { componentImpacts: [] }),
      () => t.api.get(`${onV1}/${v1.id}/incident-updates`),
      () => t.api.post(`${onV1}/${v1.id}/incident-updates`, upd),
      () => t.api.get(`${onV1}/${v1.id}/incident-updates/${v3Update}`),
      () => t.api.put(`${onV1}/${v1.id}/incident-updates/${v3Update}`, upd),
      () => t.api.delete(`${onV1}/${v1.id}/incident-updates/${v3Update}`),
    ];
    for (const send of v3OnV1) {
      const err = expectError(await send(), 400, "statusPageId");
      expect(err.message).toContain("This is a v1 status page: use /v1/status-pages/");
    }
    // A v1 incident through a v3 page: 400 naming the v1 path. Another v3 page's incident: 404.
    expect(expectError(await t.api.get(`${p.base}/${v1.id}`), 400, "incidentId").message).toContain(`/v1/status-pages/incidents/${v1.id}`);
    expectError(await t.api.post(`${p.base}/${v1.id}/incident-updates`, upd), 400, "incidentId");
    expectError(await t.api.get(`${sibling.base}/${v3.id}`), 404);
    expectError(await t.api.put(`${sibling.base}/${v3.id}/component-impacts`, { componentImpacts: [] }), 404);
    expectError(await t.api.get(`${sibling.base}/${v3.id}/incident-updates/${v3Update}`), 404);
    expectError(await t.api.get(`${p.base}/${v3.id}/incident-updates/${newId()}`), 404);
    expect(await incidentRows(t.db, t.accountId)).toEqual(before);

    // v1 behaviour is otherwise unchanged.
    expect((await t.api.get(`/v1/status-pages/incidents/${v1.id}`)).status).toBe(200);
    expect(expectError(await t.api.delete(`/v1/status-pages/incidents/${v1.id}/incident-updates/${v1.incidentUpdates[0].id}`), 409).message).toMatch(/at least one update/);
  });
});
