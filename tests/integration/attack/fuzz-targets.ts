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
  return { ...s, subscription, apiKey };
}

/** Path parameters naming the seeded resource each route's parameters refer to. */
export function poolParams(op: Operation, p: Pool): Record<string, string> {
  if (op.path.startsWith("/v1/incidents/")) return { incidentId: p.incident.id, id: p.update.id };
  if (op.path.startsWith("/v1/maintenance-windows/")) return { id: String(p.window.id) };
  if (op.path.startsWith("/v1/api-keys/")) return { id: p.apiKey.id };
  if (op.path.startsWith("/v1/status-pages/services/")) return { id: p.service.id };
  if (op.path.startsWith("/v1/status-pages/incidents/")) return { id: p.incident.id, updateId: p.update.id };
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
    case "revokeApiKey":
      return { id: ok(await t.api.post("/v1/api-keys", { name: "doomed" })).id as string };
    default:
      return poolParams(op, p);
  }
}

const last = (path: Path, n = 1) => path.slice(-n).map((x) => (typeof x === "number" ? "#" : x)).join("/");
const date = (from: string, to: string) => fc.date({ min: new Date(from), max: new Date(to), noInvalidDate: true }).map((d) => d.toISOString());

/** Real ids and coherent values for the fields whose validity the schema alone cannot express. */
export function overrides(p: Pool) {
  const serviceIds = fc.constantFrom(p.service.id, p.other.id);
  return (path: Path, schema: JsonSchema): fc.Arbitrary<unknown> | undefined => {
    if (last(path, 3) === "services/#/id" || last(path, 2) === "serviceIds/#") return serviceIds;
    if (last(path, 2) === "statusPageIds/#") return fc.constant(p.page.id);
    if (last(path, 3) === "cards/#/id") return fc.constant(undefined);
    if (last(path, 2) === "subscriptions/#") {
      return fc.oneof(
        // fc.emailAddress() is RFC 5322 in full; the API accepts the everyday subset (zod's e-mail check).
        fc.record({ type: fc.constant("EMAIL"), config: fc.tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,15}$/), fc.domain()).map(([l, d]) => `${l}@${d}`) }),
        fc.record({ type: fc.constant("SMS"), config: fc.integer({ min: 10_000_000, max: 99_999_999 }).map((n) => `+4915${n}`) }),
      );
    }
    // The theme's 24 colours: fc.stringMatching is slow for them (seconds per operation); same language, built directly.
    if (schema.pattern === "^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$") {
      return fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 0xffffff })).map(([short, n]) => `#${n.toString(16).padStart(6, "0").slice(0, short ? 3 : 6)}`);
    }
    // Slugs are unique server-wide: the pattern's own strings, made unique, so valid cases rarely collide.
    if (path.length === 1 && path[0] === "url") return fc.stringMatching(new RegExp(schema.pattern ?? "^[a-z]+$")).map((s) => `${s.slice(0, 40)}-${(seq++).toString(36)}`);
    if (path.length === 1 && path[0] === "customDomain") return fc.oneof(fc.constant(null), fc.domain().map((d) => `s${seq++}.${d}`));
    if (path.length === 1 && path[0] === "timezone") return fc.constantFrom(null, "UTC", "Europe/Berlin", "America/New_York", "Asia/Kolkata");
    // Windows: start, end and repeat end in an order every case satisfies.
    if (path.length === 1 && path[0] === "startsAt") return date("2030-01-01", "2034-12-31");
    if (path.length === 1 && path[0] === "endsAt") return date("2035-01-01", "2039-12-31");
    if (path.length === 1 && path[0] === "repeatEndsAt") return fc.oneof(fc.constant(null), date("2040-01-01", "2045-12-31"));
    return undefined;
  };
}
