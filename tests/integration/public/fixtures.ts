import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { newAccount } from "../../setup/db";
import { createService } from "@/lib/services/service";
import { createPage, createPageKey, setPagePassword } from "@/lib/status-pages/service";
import { createIncident } from "@/lib/incidents/service";
import { deriveFromUpdates } from "@/lib/incidents/derive";
import type { StatusPageInput } from "@/lib/status-pages/types";

/** A page with two services on one card; each call gets its own account and slug. */
export async function makePage(opts: Partial<StatusPageInput> & { password?: string; withKey?: boolean } = {}) {
  const { db, accountId } = await newAccount();
  const api = await createService(db, accountId, { name: "API" });
  const web = await createService(db, accountId, { name: "Website" });
  const slug = opts.url ?? `p-${randomUUID().slice(0, 8)}`;
  const page = await createPage(db, accountId, { name: opts.name ?? "Test page", cards: [{ name: "Core", services: [{ id: api.id }, { id: web.id }] }], ...opts, url: slug });
  if (opts.password) await setPagePassword(db, accountId, page.id, opts.password);
  const key = opts.withKey ? (await createPageKey(db, accountId, page.id)).rawKey : null;
  return { db, accountId, page, slug, services: { api, web }, key };
}

export async function openIncident(db: Awaited<ReturnType<typeof makePage>>["db"], accountId: string, serviceIds: string[], name = "API errors") {
  return createIncident(db, accountId, { name, severity: "MAJOR", serviceIds, update: { description: "We are **investigating**." } });
}

export function request(url: string, init: { host?: string; headers?: Record<string, string>; method?: string; body?: string } = {}) {
  const u = new URL(url);
  return new NextRequest(u, { method: init.method ?? "GET", headers: { host: init.host ?? u.host, ...init.headers }, body: init.body });
}

const MINUTE = 60_000;

/**
 * A v3 page written straight into the store (the v3 API is not needed to read one): a group "Platform"
 * with API (with a description) and Checkout, a hidden "Internal billing" in that group, a top-level DNS;
 * one open incident of the page whose impact changed over time, also on the hidden component.
 */
export async function makeV3Page(opts: { isPrivate?: boolean } = {}) {
  const { db, accountId } = await newAccount();
  const now = Date.now();
  const born = now - 30 * 24 * 60 * MINUTE;
  const slug = `v3-${randomUUID().slice(0, 8)}`;
  const page = await createPage(db, accountId, { name: "Payments", url: slug, cards: [], isPrivate: opts.isPrivate ?? false });
  await db.updateTable("status_pages").set({ version: 3 }).where("id", "=", page.id).execute();
  const key = opts.isPrivate ? (await createPageKey(db, accountId, page.id)).rawKey : null;

  let order = 0;
  const component = async (type: "GROUP" | "SERVICE", name: string, extra: { parent?: string; hidden?: boolean; description?: string } = {}) => {
    const id = randomUUID();
    await db
      .insertInto("components")
      .values({ id, status_page_id: page.id, type, name, description: extra.description ?? null, display_order: ++order, hidden: extra.hidden ? 1 : 0, parent_id: extra.parent ?? null, created_at: born, updated_at: born })
      .execute();
    return { id, name };
  };
  const platform = await component("GROUP", "Platform", { description: "What merchants call" });
  const api = await component("SERVICE", "API", { parent: platform.id, description: "The REST API merchants integrate with" });
  const checkout = await component("SERVICE", "Checkout", { parent: platform.id });
  const hidden = await component("SERVICE", "Internal billing", { parent: platform.id, hidden: true });
  const dns = await component("SERVICE", "DNS");

  const start = now - 120 * MINUTE;
  const incidentId = randomUUID();
  const update = { id: randomUUID(), incident_id: incidentId, status: "INVESTIGATING" as const, description: "Payments **fail** for some merchants.", public_incident_update_date: start, notify_subscribers: 0 as const, created_at: start, updated_at: start };
  await db
    .insertInto("incidents")
    .values({ id: incidentId, account_id: accountId, status_page_id: page.id, name: "Payment errors", severity: "MAJOR", ...deriveFromUpdates([update]), created_at: start, updated_at: start })
    .execute();
  await db.insertInto("incident_updates").values(update).execute();
  const windows = [
    { component: api, status: "MAJOR_OUTAGE" as const, from: start, to: start + 60 * MINUTE },
    { component: api, status: "PARTIAL_OUTAGE" as const, from: start + 60 * MINUTE, to: null },
    { component: checkout, status: "DEGRADED_PERFORMANCE" as const, from: start, to: start + 30 * MINUTE },
    { component: hidden, status: "MAJOR_OUTAGE" as const, from: start, to: null },
  ];
  for (const w of windows) {
    await db
      .insertInto("incident_impacts")
      .values({ id: randomUUID(), incident_id: incidentId, component_id: w.component.id, status: w.status, started_at: w.from, ended_at: w.to, created_at: w.from })
      .execute();
  }
  return { db, accountId, page: { ...page, version: 3 as const }, slug, key, now, start, components: { platform, api, checkout, hidden, dns }, incidentId };
}

export type V3Page = Awaited<ReturnType<typeof makeV3Page>>;
