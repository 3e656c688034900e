import { expect } from "vitest";
import type { z } from "zod";
import { newAccount } from "../../setup/db";
import { ErrorEnvelope } from "@/lib/http/wire";
import type { Db } from "@/lib/db";
import { client, type ApiResponse, type Client } from "./client";

export const STORE = process.env.HELIOGRAPH_TEST_STORE ?? "sqlite";
let slugSeq = 0;
/** A slug no other test of this run uses. */
export const slug = (prefix = "p") => `${prefix}-${Date.now().toString(36)}-${(slugSeq++).toString(36)}`;

export interface Tenant {
  api: Client;
  db: Db;
  accountId: string;
  apiKey: string;
}

export async function tenant(name = "Tenant"): Promise<Tenant> {
  const a = await newAccount(name);
  return { api: client(a.apiKey), db: a.db, accountId: a.accountId, apiKey: a.apiKey };
}

/** Asserts the status and that the body matches the response schema exactly (strict objects). */
export function expectShape<S extends z.ZodType>(res: ApiResponse, status: number, schema: S): z.output<S> {
  expect(res.status, res.text).toBe(status);
  const parsed = schema.safeParse(res.body);
  expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues)).toBe(true);
  return res.body as z.output<S>;
}

/** Asserts an error envelope with this status; for 400s, that `field` is among the named field paths. */
export function expectError(res: ApiResponse, status: number, field?: string): z.output<typeof ErrorEnvelope> {
  expect(res.status, res.text).toBe(status);
  const body = ErrorEnvelope.parse(res.body);
  expect(body.statusCode).toBe(status);
  if (field !== undefined) expect(body.attributes.fields as string[], res.text).toContain(field);
  return body;
}

const TABLES = ["status_pages", "cards", "card_services", "status_page_keys", "services", "incidents", "incident_services", "incident_updates", "maintenance_windows", "subscribers"] as const;

/** Row counts of every table the API writes: a rejected request must leave them all as they were. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const r = await db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    out[t] = Number(r.n);
  }
  return out;
}

/** A service, a page showing it, an open incident on it and a maintenance window on the page. */
export async function seed(t: Tenant) {
  const service = (await t.api.post("/v1/status-pages/services", { name: "API" })).body;
  const other = (await t.api.post("/v1/status-pages/services", { name: "Dashboard" })).body;
  const page = (await t.api.post("/v1/status-pages", { name: "Status", url: slug("seed"), cards: [{ name: "Core", services: [{ id: service.id }, { id: other.id }] }] })).body;
  const incident = (
    await t.api.post("/v1/status-pages/incidents", { name: "Errors", severity: "MAJOR", services: [{ id: service.id }], incidentUpdates: [{ description: "Looking" }] })
  ).body;
  const update = (await t.api.post(`/v1/status-pages/incidents/${incident.id}/incident-updates`, { description: "Found it", status: "IDENTIFIED" })).body;
  const key = (await t.api.post(`/v1/status-pages/${page.id}/keys`)).body;
  const window = (
    await t.api.post("/v1/maintenance-windows", {
      name: "Upgrade",
      startsAt: new Date(Date.now() + 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 7_200_000).toISOString(),
      repeatUnit: null,
      statusPageVisibility: { enabled: true, statusPageIds: [page.id], affectAllServices: true },
    })
  ).body;
  for (const v of [service, other, page, incident, update, key, window]) expect(v?.id, JSON.stringify(v)).toBeDefined();
  return { service, other, page, incident, update, key, window };
}
