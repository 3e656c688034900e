import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { newAccount } from "../../setup/db";
import { createService } from "@/lib/services/service";
import { createPage, createPageKey, setPagePassword } from "@/lib/status-pages/service";
import { createIncident } from "@/lib/incidents/service";
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
