/**
 * What the fuzzer aims at: each operation runs in an account of its own, seeded with one of every
 * resource, so valid-shaped cases carry real ids and reach the verbs. A DELETE gets a fresh target
 * per case (deleting the seeded one would leave every later case a 404).
 */
import fc from "fast-check";
import { expect } from "vitest";
import { seed, slug, type Tenant } from "../api/fixtures";
import type { Path } from "./json-schema-arbitrary";
import type { JsonSchema, Operation } from "./openapi";

export type Pool = Awaited<ReturnType<typeof seedPool>>;

export async function seedPool(t: Tenant) {
  const s = await seed(t);
  const bulk = await t.api.post(`/v1/status-pages/${s.page.id}/subscriptions/bulk`, { subscriptions: [{ type: "EMAIL", config: "seed@example.com" }], autoVerify: true });
  expect(bulk.status, bulk.text).toBe(201);
  const subscription = (await t.api.get(`/v1/status-pages/${s.page.id}/subscriptions`)).body[0];
  const apiKey = (await t.api.post("/v1/api-keys", { name: "spare" })).body;
  expect(apiKey.id, JSON.stringify(apiKey)).toBeDefined();
  const v3 = await seedV3(t);
  return { ...s, subscription, apiKey, ...v3, v3Incidents: await seedV3Incidents(t), maintenance: await seedMaintenance(t, s.window.id), integration: await seedIntegration(t), automation: await seedAutomation(t, v3.v3Page.id, v3.component.id, s.service.id), domains: await seedDomains(t), monitoring: await seedMonitoring(t) };
}

const CHECK_BODIES: Record<string, Record<string, unknown>> = {
  api: { request: { method: "GET", url: "http://127.0.0.1:9/health" } },
  url: { request: { url: "http://127.0.0.1:9/" } },
  tcp: { request: { hostname: "127.0.0.1", port: 9 } },
  dns: { request: { query: "example.test", recordType: "A" } },
  icmp: { request: { hostname: "127.0.0.1" } },
  heartbeat: { heartbeat: { period: 1, periodUnit: "hours", grace: 10, graceUnit: "minutes" } },
};

/** A check of each type (one in a group), the group, a heartbeat ping and a stored result: what check routes name. */
async function seedMonitoring(t: Tenant) {
  const made = async (res: Promise<{ status: number; text: string; body: { id?: unknown } }>) => {
    const r = await res;
    expect(r.status, r.text).toBeLessThan(300);
    return r.body as { id: string } & Record<string, unknown>;
  };
  const group = await made(t.api.post("/v2/check-groups", { name: "Seeded group" }));
  const checks: Record<string, string> = {};
  for (const [path, body] of Object.entries(CHECK_BODIES)) checks[path] = (await made(t.api.post(`/v1/checks/${path}`, { name: `Seeded ${path}`, ...body }))).id;
  const grouped = (await made(t.api.post("/v1/checks/api", { name: "Grouped", groupId: group.id, ...CHECK_BODIES.api }))).id;
  const { recordPing } = await import("@/lib/heartbeats/service");
  const token = (await t.db.selectFrom("checks").select("ping_token").where("id", "=", checks.heartbeat).executeTakeFirstOrThrow()).ping_token!;
  await recordPing(t.db, token, { userAgent: "fuzz", origin: null, referer: null }, Date.now());
  const event = await t.db.selectFrom("heartbeat_events").select("id").where("check_id", "=", checks.heartbeat).executeTakeFirstOrThrow();
  const resultId = crypto.randomUUID();
  const at = Date.now() - 60_000;
  await t.db
    .insertInto("check_results")
    .values({ id: resultId, account_id: t.accountId, check_id: checks.api, check_type: "API", sequence_id: crypto.randomUUID(), attempt: 0, result_type: "FINAL", run_location: "eu-central-1", check_run_id: at, started_at: at, stopped_at: at + 20, response_time: 20, has_failures: 0, has_errors: 0, is_degraded: 0, over_max_response_time: 0, detail: null, created_at: at })
    .execute();
  return { groupId: String(group.id), checks, grouped, heartbeatEventId: event.id, resultId };
}

/** A v1 and a v3 page with custom domains: what the custom-domain verification operations read and recheck. */
async function seedDomains(t: Tenant) {
  const v1 = await t.api.post("/v1/status-pages", { name: "Domain", url: slug("dom"), customDomain: `${slug("dom")}.example.com`, cards: [] });
  const v3 = await t.api.post("/v3/status-pages", { name: "Domain", url: slug("dom3"), customDomain: `${slug("dom3")}.example.com` });
  for (const r of [v1, v3]) expect(r.status, r.text).toBe(201);
  return { v1: v1.body.id as string, v3: v3.body.id as string };
}

/** An alert integration of the account (its operations take its id). */
async function seedIntegration(t: Tenant) {
  const res = await t.api.post("/v1/integrations", { name: "Seeded", type: "alertmanager" });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string };
}

const ruleBody = (componentId: string) => ({ name: "Seeded", firstUpdate: "Down", lastUpdate: "Up", tags: ["api"], components: [{ componentId, targetImpact: "MAJOR_OUTAGE" }] });

/** An automation rule on the v3 page's service component, and a check trigger (under a checkly integration) on the v1 service. */
async function seedAutomation(t: Tenant, pageId: string, componentId: string, serviceId: string) {
  const rule = await t.api.post(`/v3/status-pages/${pageId}/automation-rules`, ruleBody(componentId));
  expect(rule.status, rule.text).toBe(201);
  const checks = await t.api.post("/v1/integrations", { name: "Seeded checks", type: "checkly" });
  expect(checks.status, checks.text).toBe(201);
  const trigger = await t.api.put(`/v1/integrations/${checks.body.id}/checks/seed-check/trigger-incident`, { serviceId, name: "Seeded", description: "Down" });
  expect(trigger.status, trigger.text).toBe(200);
  return { ruleId: rule.body.id as string, checkId: "seed-check", integrationId: checks.body.id as string };
}

/** The seeded window's occurrence with one update, and a weekly window whose occurrences fresh cases skip or update. */
async function seedMaintenance(t: Tenant, windowId: number) {
  const occurrence = (await t.api.get(`/v1/maintenance-windows/${windowId}/maintenances`)).body[0] as { id: string };
  const update = await t.api.post(`/v1/maintenance-windows/${windowId}/maintenances/${occurrence.id}/updates`, { status: "IN_PROGRESS", description: "Seeded" });
  expect(update.status, update.text).toBe(201);
  const weekly = await t.api.post("/v1/maintenance-windows", { name: "Weekly", startsAt: "2030-01-07T02:00:00+01:00", endsAt: "2030-01-07T03:00:00+01:00", repeatUnit: "WEEK", timezone: "Europe/Berlin" });
  expect(weekly.status, weekly.text).toBe(201);
  return { windowId, maintenanceId: occurrence.id, updateId: update.body.id as string, weeklyId: weekly.body.id as number };
}

/** A v3 page with a group, a service component in it, and a subscriber following the service. */
async function seedV3(t: Tenant) {
  const ok = async <T extends { status: number; text: string; body: { id?: string } }>(res: Promise<T>) => {
    const r = await res;
    expect(r.status, r.text).toBeLessThan(300);
    return r.body as { id: string } & Record<string, unknown>;
  };
  const v3Page = await ok(t.api.post("/v3/status-pages", { name: "Modern", url: slug("v3") }));
  const group = await ok(t.api.post(`/v3/status-pages/${v3Page.id}/components`, { type: "GROUP", name: "Core", displayOrder: 1 }));
  const component = await ok(t.api.post(`/v3/status-pages/${v3Page.id}/components`, { name: "API", displayOrder: 2, parentId: group.id }));
  await ok(t.api.post(`/v3/status-pages/${v3Page.id}/subscribers/bulk`, { subscriptions: [{ type: "EMAIL", config: { address: "seed@example.com", subscribedComponents: [component.id] } }], autoVerify: true }));
  const subscriber = (await t.api.get(`/v3/status-pages/${v3Page.id}/subscribers`)).body.entries[0] as { id: string };
  expect(subscriber?.id).toBeDefined();
  return { v3Page, group, component, subscriber };
}

/** The v3 incident operations' targets: a page of their own with two services, an open incident and its update. */
async function seedV3Incidents(t: Tenant) {
  const made = async (res: Promise<{ status: number; text: string; body: { id?: string } }>) => {
    const r = await res;
    expect(r.status, r.text).toBeLessThan(300);
    return r.body as { id: string; incidentUpdates?: { id: string }[] };
  };
  const page = await made(t.api.post("/v3/status-pages", { name: "Incidents", url: slug("v3i") }));
  const componentIds: string[] = [];
  for (const name of ["API", "Web"]) componentIds.push((await made(t.api.post(`/v3/status-pages/${page.id}/components`, { name, displayOrder: componentIds.length }))).id);
  const incidentBody = { name: "Seeded", componentImpacts: [{ componentId: componentIds[0], status: "PARTIAL_OUTAGE" }], incidentUpdates: [{ description: "x", status: "INVESTIGATING" }] };
  const incident = await made(t.api.post(`/v3/status-pages/${page.id}/incidents`, incidentBody));
  return { pageId: page.id, componentIds, incidentId: incident.id, updateId: incident.incidentUpdates![0].id };
}

/** Path parameters naming the seeded resource each route's parameters refer to. */
export function poolParams(op: Operation, p: Pool): Record<string, string> {
  if (op.path.startsWith("/v1/incidents/")) return { incidentId: p.incident.id, id: p.update.id };
  if (op.path.startsWith("/v1/maintenance-windows/{id}/maintenances")) return { id: String(p.window.id), maintenanceId: p.maintenance.maintenanceId, updateId: p.maintenance.updateId };
  if (op.path.startsWith("/v1/maintenance-windows/")) return { id: String(p.window.id) };
  if (op.path.startsWith("/v1/api-keys/")) return { id: p.apiKey.id };
  if (op.path.endsWith("/checks/{checkId}/trigger-incident")) return { id: p.automation.integrationId, checkId: p.automation.checkId };
  if (op.path.startsWith("/v1/integrations/")) return { id: p.integration.id };
  if (op.path.startsWith("/v1/status-pages/services/")) return { id: p.service.id };
  if (op.path.startsWith("/v1/status-pages/incidents/")) return { id: p.incident.id, updateId: p.update.id };
  if (op.path.includes("/custom-domain-verifications")) return { id: p.domains.v1, statusPageId: p.domains.v3 };
  if (op.path.startsWith("/v3/status-pages/{statusPageId}/incidents")) {
    const v = p.v3Incidents;
    return { statusPageId: v.pageId, incidentId: v.incidentId, incidentUpdateId: v.updateId };
  }
  if (op.path.startsWith("/v3/status-pages/")) return { statusPageId: p.v3Page.id, componentId: p.component.id, subscriberId: p.subscriber.id, ruleId: p.automation.ruleId };
  const m = p.monitoring;
  if (op.path.startsWith("/v1/checks/heartbeats/")) return { checkId: m.checks.heartbeat, id: m.heartbeatEventId };
  const typed = /^\/v1\/checks\/(\w+)\/\{id\}$/.exec(op.path);
  if (typed) return { id: m.checks[typed[1]] };
  if (/^\/v\d\/checks\/\{checkId\}$/.test(op.path)) return { checkId: m.checks.api };
  if (/^\/v\d\/check-groups\//.test(op.path)) return { id: m.groupId, checkId: m.grouped };
  if (/^\/v\d\/check-(results|statuses)\//.test(op.path)) return { checkId: m.checks.api, checkResultId: m.resultId };
  if (op.path.startsWith("/v1/runtimes/")) return { id: "2025.04" };
  return { id: p.page.id, keyId: p.key.id, subscriptionId: p.subscription.id };
}

let seq = 0;
/** The page keys are created on, per pool, and how many cases have used it. */
const keyPages = new WeakMap<Pool, { id: string; uses: number }>();

/** A new resource for a DELETE to remove (so each valid case has something to delete), or a new page for key creation. */
export async function freshParams(op: Operation, t: Tenant, p: Pool): Promise<Record<string, string>> {
  const ok = <T extends { status: number; text: string; body: { id?: unknown } }>(res: T) => {
    expect(res.status, res.text).toBeLessThan(300);
    return res.body;
  };
  switch (op.id) {
    case "deleteStatusPage":
      return { id: ok(await t.api.post("/v1/status-pages", { name: "Doomed", url: slug("doomed"), cards: [] })).id as string };
    case "createStatusPageKey":
      // A new page every 20 cases: below the 25 keys a page may hold, and the 100 pages an account may.
      const current = keyPages.get(p);
      if (current && current.uses++ < 20) return { id: current.id };
      const id = ok(await t.api.post("/v1/status-pages", { name: "Keys", url: slug("keys"), cards: [] })).id as string;
      keyPages.set(p, { id, uses: 1 });
      return { id };
    case "revokeStatusPageKey":
      return { id: p.page.id, keyId: ok(await t.api.post(`/v1/status-pages/${p.page.id}/keys`)).id as string };
    case "deleteSubscription": {
      const address = `doomed-${seq++}@example.com`;
      ok(await t.api.post(`/v1/status-pages/${p.page.id}/subscriptions/bulk`, { subscriptions: [{ type: "EMAIL", config: address }], autoVerify: true }));
      const subs = (await t.api.get(`/v1/status-pages/${p.page.id}/subscriptions`)).body as { id: string; address: string }[];
      return { id: p.page.id, subscriptionId: subs.find((s) => s.address === address)!.id };
    }
    case "deleteService":
      return { id: ok(await t.api.post("/v1/status-pages/services", { name: "Doomed" })).id as string };
    case "deleteIncident": {
      const body = { name: "Doomed", severity: "MINOR", services: [{ id: p.service.id }], incidentUpdates: [{ description: "x" }] };
      return { id: ok(await t.api.post("/v1/status-pages/incidents", body)).id as string };
    }
    case "deleteIncidentUpdate":
    case "deleteIncidentUpdateLegacy": {
      const update = ok(await t.api.post(`/v1/status-pages/incidents/${p.incident.id}/incident-updates`, { description: "doomed" })).id as string;
      return op.id === "deleteIncidentUpdate" ? { id: p.incident.id, updateId: update } : { incidentId: p.incident.id, id: update };
    }
    case "deleteMaintenanceWindow": {
      const body = { name: "Doomed", startsAt: "2040-01-01T00:00:00Z", endsAt: "2040-01-01T01:00:00Z", repeatUnit: null };
      return { id: String(ok(await t.api.post("/v1/maintenance-windows", body)).id) };
    }
    case "skipMaintenance":
    case "deleteMaintenanceUpdate": {
      // The weekly window's next occurrence not skipped yet: a target of its own for each case.
      const weekly = `/v1/maintenance-windows/${p.maintenance.weeklyId}/maintenances`;
      const listed = await t.api.get(`${weekly}?limit=1`);
      expect(listed.body, listed.text).toHaveLength(1);
      const maintenanceId = (listed.body as { id: string }[])[0].id;
      if (op.id === "skipMaintenance") return { id: String(p.maintenance.weeklyId), maintenanceId };
      const updateId = ok(await t.api.post(`${weekly}/${maintenanceId}/updates`, { status: "IN_PROGRESS", description: "doomed" })).id as string;
      return { id: String(p.maintenance.weeklyId), maintenanceId, updateId };
    }
    case "deleteStatusPageV3":
      return { statusPageId: ok(await t.api.post("/v3/status-pages", { name: "Doomed", url: slug("doomed") })).id as string };
    case "deleteComponentV3": {
      // Every other target is a group with a child, so deletes detach children too.
      const base = `/v3/status-pages/${p.v3Page.id}/components`;
      const group = seq++ % 2 === 0;
      const componentId = ok(await t.api.post(base, { type: group ? "GROUP" : "SERVICE", name: "Doomed", displayOrder: 5 })).id as string;
      if (group) ok(await t.api.post(base, { name: "Child", displayOrder: 6, parentId: componentId }));
      return { statusPageId: p.v3Page.id, componentId };
    }
    case "deleteSubscriberV3": {
      const address = `doomed-${seq++}@example.com`;
      const subscriptions = [{ type: "EMAIL", config: { address, subscribedComponents: [p.component.id] } }];
      ok(await t.api.post(`/v3/status-pages/${p.v3Page.id}/subscribers/bulk`, { subscriptions, autoVerify: true }));
      const row = await t.db.selectFrom("subscribers").select("id").where("status_page_id", "=", p.v3Page.id).where("target", "=", address).executeTakeFirstOrThrow();
      return { statusPageId: p.v3Page.id, subscriberId: row.id };
    }
    case "deleteIncidentV3":
    case "deleteIncidentUpdateV3": {
      const v = p.v3Incidents;
      const base = `/v3/status-pages/${v.pageId}/incidents`;
      if (op.id === "deleteIncidentV3") return { statusPageId: v.pageId, incidentId: ok(await t.api.post(base, { name: "Doomed", incidentUpdates: [{ description: "x", status: "INVESTIGATING" }] })).id as string };
      const update = ok(await t.api.post(`${base}/${v.incidentId}/incident-updates`, { description: "doomed", status: "IDENTIFIED" })).id as string;
      return { statusPageId: v.pageId, incidentId: v.incidentId, incidentUpdateId: update };
    }
    case "deleteCheck": {
      const doomed = ok(await t.api.post("/v1/checks/tcp", { name: "Doomed", ...CHECK_BODIES.tcp }));
      return { checkId: doomed.id as string };
    }
    case "deleteCheckGroup":
      return { id: String(ok(await t.api.post("/v2/check-groups", { name: "Doomed" })).id) };
    case "deleteIntegration":
      return { id: ok(await t.api.post("/v1/integrations", { name: "doomed", type: "generic" })).id as string };
    case "revokeApiKey":
      return { id: ok(await t.api.post("/v1/api-keys", { name: "doomed" })).id as string };
    case "deleteAutomationRuleV3":
      return { statusPageId: p.v3Page.id, ruleId: ok(await t.api.post(`/v3/status-pages/${p.v3Page.id}/automation-rules`, ruleBody(p.component.id))).id as string };
    case "deleteCheckTrigger": {
      const checkId = `doomed-${seq++}`;
      ok(await t.api.put(`/v1/integrations/${p.automation.integrationId}/checks/${checkId}/trigger-incident`, { serviceId: p.service.id, name: "Doomed", description: "x" }));
      return { id: p.automation.integrationId, checkId };
    }
    default:
      return poolParams(op, p);
  }
}

const last = (path: Path, n = 1) => path.slice(-n).map((x) => (typeof x === "number" ? "#" : x)).join("/");
const date = (from: string, to: string) => fc.date({ min: new Date(from), max: new Date(to), noInvalidDate: true }).map((d) => d.toISOString());
// Built once, not per operation: fc.stringMatching maps its whole alphabet when built (tens of ms each).
// fc.emailAddress() is RFC 5322 in full; the API accepts the everyday subset (zod's e-mail check).
const EMAIL = fc.tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,15}$/), fc.domain()).map(([l, d]) => `${l}@${d}`);
// Dots only between letters: every address of a v3 request must pass, where one bad one fails all.
const V3_ADDRESS = fc.tuple(fc.stringMatching(/^[a-z0-9]{1,8}(?:[._-][a-z0-9]{1,8})?$/), fc.domain()).map(([l, d]) => `${l}@${d}`);
const slugs = new Map<string, fc.Arbitrary<string>>();
const slugMatching = (pattern: string) => slugs.get(pattern) ?? slugs.set(pattern, fc.stringMatching(new RegExp(pattern))).get(pattern)!;

/** Real ids and coherent values for the fields whose validity the schema alone cannot express. */
export function overrides(p: Pool) {
  const serviceIds = fc.constantFrom(p.service.id, p.other.id);
  return (path: Path, schema: JsonSchema): fc.Arbitrary<unknown> | undefined => {
    // A pair whose order matters (degraded ≤ max), or a text that needs more: mostly left out, now and then set.
    const rarely = <T>(value: T) => fc.constantFrom(...Array<T | undefined>(7).fill(undefined), value);

    if (last(path, 3) === "services/#/id" || last(path, 2) === "serviceIds/#") return serviceIds;
    if (last(path, 2) === "statusPageIds/#") return fc.constant(p.page.id);
    if (last(path, 3) === "cards/#/id") return fc.constant(undefined);
    // v3 impacts: each component at most once; a replaced history's windows end after they start.
    if (path.length === 1 && path[0] === "componentImpacts") {
      const windows = !!schema.items?.properties?.startedAt;
      return fc.uniqueArray(fc.constantFrom(...p.v3Incidents.componentIds), { maxLength: 2 }).chain((ids) =>
        fc.tuple(
          ...ids.map((componentId) =>
            windows
              ? fc.record({ componentId: fc.constant(componentId), status: fc.constantFrom("UNDER_MAINTENANCE", "DEGRADED_PERFORMANCE", "PARTIAL_OUTAGE", "MAJOR_OUTAGE"), startedAt: date("2020-01-01", "2024-12-31"), endedAt: fc.oneof(fc.constant(null), date("2025-01-01", "2025-12-31")) })
              : fc.record({ componentId: fc.constant(componentId), status: fc.constantFrom("OPERATIONAL", "UNDER_MAINTENANCE", "DEGRADED_PERFORMANCE", "PARTIAL_OUTAGE", "MAJOR_OUTAGE") }),
          ),
        ),
      );
    }
    // An automation rule's components: the seeded SERVICE component, at most once; a check trigger's service.
    if (path.length === 1 && path[0] === "components" && schema.items?.properties?.targetImpact) {
      return fc.uniqueArray(fc.constant(p.component.id), { maxLength: 1 }).map((ids) => ids.map((componentId) => ({ componentId, targetImpact: "PARTIAL_OUTAGE" })));
    }
    if (path.length === 1 && path[0] === "serviceId") return serviceIds;
    // Checks and groups: the served location, the seeded group, a real service for triggerIncident, no private locations.
    if (last(path, 2) === "triggerIncident/serviceId") return serviceIds;
    if (path.length === 1 && path[0] === "locations") return fc.constantFrom([], ["eu-central-1"], null);
    if (path.length === 1 && path[0] === "privateLocations") return fc.constantFrom(undefined, null, []);
    if (path.length === 1 && path[0] === "groupId") return fc.constantFrom(undefined, null, Number(p.monitoring.groupId));
    if (path.length === 1 && ["frequencyOffset", "setupSnippetId", "tearDownSnippetId", "alertChannelSubscriptions"].includes(path[0] as string)) return fc.constant(undefined);
    if (path.length === 1 && path[0] === "degradedResponseTime") return rarely(0);
    if (path.length === 1 && path[0] === "maxResponseTime") return rarely((schema as { maximum?: number }).maximum ?? 5000);
    if (path.length === 1 && path[0] === "degradedPacketLossThreshold") return rarely(5);
    if (path.length === 1 && path[0] === "maxPacketLossThreshold") return rarely(100);
    // A key's expiry: by date or by days, not both (each now and then); a window's components: the seeded one.
    if (path.length === 1 && path[0] === "expiresAt") return rarely("2031-01-01T00:00:00Z");
    if (path.length === 1 && path[0] === "expiresInDays") return rarely(30);
    if (last(path, 2) === "statusPageVisibility/componentIds") return fc.constantFrom(undefined, [], [p.component.id]);
    // The vendor's frequency set (documented as a number); 0 only with an offset of 10/20/30, which cases leave out.
    if (path.length === 1 && path[0] === "frequency") return fc.constantFrom(undefined, 1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440);
    if (last(path, 2) === "parallelRunFailureThreshold/percentage") return fc.integer({ min: 1, max: 10 }).map((n) => n * 10);
    // Result and heartbeat windows: UNIX seconds or ISO instants within the last week.
    // Result and heartbeat windows: UNIX seconds or ISO instants, the start before the end and at most 6 hours apart.
    if (path.length === 1 && ["from", "to", "startTime", "endTime"].includes(path[0] as string)) {
      const now = Math.floor(Date.now() / 1000);
      const [min, max] = ["from", "startTime"].includes(path[0] as string) ? [now - 5 * 3600, now - 3 * 3600] : [now - 3 * 3600 + 1, now];
      const second = fc.integer({ min, max });
      return fc.oneof(fc.constant(undefined), second.map(String), second.map((s) => new Date(s * 1000).toISOString()));
    }
    if (path.length === 1 && path[0] === "fields") return fc.subarray(["id", "checkId", "hasFailures", "startedAt", "responseTime", "resultType", "apiCheckResult"], { minLength: 1 }).map((f) => f.join(","));
    // v3 bulk entries ({type, config: {address, subscribedComponents?}}) are built field by field.
    if (last(path, 2) === "subscriptions/#" && schema.properties?.config?.type === "object") return undefined;
    if (last(path, 2) === "config/address") return V3_ADDRESS;
    if (last(path) === "subscribedComponents") return fc.oneof(fc.constant(null), fc.subarray([p.group.id, p.component.id]));
    // A component's parent: the seeded group (a GROUP with it is refused, as it should be) or none.
    if (path.length === 1 && path[0] === "parentId") return fc.constantFrom(null, p.group.id);
    if (last(path, 2) === "subscriptions/#") {
      return fc.oneof(
        fc.record({ type: fc.constant("EMAIL"), config: EMAIL }),
        fc.record({ type: fc.constant("SMS"), config: fc.integer({ min: 10_000_000, max: 99_999_999 }).map((n) => `+4915${n}`) }),
      );
    }
    // The theme's 24 colours: fc.stringMatching is slow for them (seconds per operation); same language, built directly.
    if (schema.pattern === "^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$") {
      return fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 0xffffff })).map(([short, n]) => `#${n.toString(16).padStart(6, "0").slice(0, short ? 3 : 6)}`);
    }
    // Slugs are unique server-wide: the pattern's own strings, made unique, so valid cases rarely collide.
    if (path.length === 1 && path[0] === "url") return slugMatching(schema.pattern ?? "^[a-z]+$").map((s) => `${s.slice(0, 40)}-${(seq++).toString(36)}`);
    if (path.length === 1 && path[0] === "customDomain") return fc.oneof(fc.constant(null), fc.domain().map((d) => `s${seq++}.${d}`));
    // A maintenance's status: never COMPLETED or CANCELLED, which would refuse every later case on the pool's occurrence.
    if (path.length === 1 && path[0] === "status" && schema.enum?.includes("VERIFYING")) return fc.constantFrom("SCHEDULED", "IN_PROGRESS", "VERIFYING");
    if (path.length === 1 && path[0] === "timezone") return fc.constantFrom(null, "UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata");
    // Windows: start, end and repeat end in an order every case satisfies.
    if (path.length === 1 && path[0] === "startsAt") return date("2030-01-01", "2034-12-31");
    if (path.length === 1 && path[0] === "endsAt") return date("2035-01-01", "2039-12-31");
    if (path.length === 1 && path[0] === "repeatEndsAt") return fc.oneof(fc.constant(null), date("2040-01-01", "2045-12-31"));
    // An integration: the account's own v3 page or none, an everyday address, a label name.
    if (path.length === 1 && path[0] === "statusPageId") return fc.constantFrom(null, p.v3Page.id);
    if (path.length === 1 && path[0] === "alertEmail") return fc.oneof(fc.constant(null), EMAIL);
    if (path.length === 1 && path[0] === "matchLabel") return fc.constantFrom("component", "service", "team_name");
    // Its default target: the v3 page's service component; its texts (which need that component) only now and then.
    if (path.length === 1 && path[0] === "defaultComponents") return fc.constantFrom(undefined, [{ componentId: p.component.id, targetImpact: "PARTIAL_OUTAGE" }]);
    if (path.length === 1 && ["defaultName", "defaultFirstUpdate", "defaultLastUpdate"].includes(path[0] as string)) return rarely("Checkout is failing");
    if (path.length === 1 && path[0] === "defaultNotifySubscribers") return rarely(false);
    return undefined;
  };
}
