import "server-only";
import type { Db } from "@/lib/db";
import { fromJson, toJson } from "@/lib/db/json";
import type { StatusPage, Subscriber } from "@/lib/db/types";
import { loadPageStructure } from "@/lib/components/structure";
import { ValidationError } from "@/lib/errors";
import * as q from "./queries";

/** One choice on the sign-up and manage forms: a component (v1: a service), or a v3 group covering its components. */
export interface ScopeOption {
  id: string;
  name: string;
  /** a group's components are indented under it */
  group: boolean;
  parentId: string | null;
}

/** What a subscriber follows: null = everything. A v1 page scopes by service, a v3 page by component or group. */
export interface Scope {
  serviceIds: string[] | null;
  componentIds: string[] | null;
}

export const EVERYTHING: Scope = { serviceIds: null, componentIds: null };

/** What the forms offer: the page's services (v1), or its groups each followed by its components and the components on their own (v3). */
export async function scopeOptions(db: Db, page: Pick<StatusPage, "id" | "version">): Promise<ScopeOption[]> {
  const structure = await loadPageStructure(db, page);
  if (page.version !== 3) return structure.components.map((c) => ({ id: c.id, name: c.name, group: false, parentId: null }));
  return structure.entries.flatMap((e) => [
    { id: e.id, name: e.name, group: e.kind === "group", parentId: null },
    ...e.children.map((c) => ({ id: c.id, name: c.name, group: false, parentId: e.id })),
  ]);
}

/** The ids a visitor ticked, checked against what the page offers; ticking everything is following everything. */
export async function validateScope(db: Db, page: Pick<StatusPage, "id" | "version">, chosen: readonly string[]): Promise<Scope> {
  if (chosen.length === 0) return EVERYTHING;
  const options = await scopeOptions(db, page);
  const offered = new Set(options.map((o) => o.id));
  const ids = [...new Set(chosen)];
  if (ids.some((id) => !offered.has(id))) throw new ValidationError("Choose components shown on this page", { fields: ["services"] });
  if (ids.length === offered.size) return EVERYTHING;
  return page.version === 3 ? { serviceIds: null, componentIds: ids } : { serviceIds: ids, componentIds: null };
}

/**
 * `subscribers.service_ids` says whether a subscriber is scoped at all (null = follows everything) and keeps the
 * ids it chose; the link tables are what the fan-out matches. A scope whose components were all deleted so stays
 * a scope (it matches nothing) instead of silently becoming "everything".
 */
export function scopeColumn(scope: Scope): string | null {
  const ids = scope.serviceIds ?? scope.componentIds;
  return ids && ids.length > 0 ? toJson(ids) : null;
}

/** Writes a subscriber's scope (inside the caller's transaction). */
export async function storeScope(trx: Db, subscriberId: string, scope: Scope, at: number): Promise<void> {
  await q.updateSubscriber(trx, subscriberId, { service_ids: scopeColumn(scope), updated_at: at });
  await q.setSubscriberServices(trx, subscriberId, scope.serviceIds);
  await q.setSubscriberComponents(trx, subscriberId, scope.componentIds);
}

/** The ids a subscriber follows (still on the page), as the manage form ticks them; null = everything. */
export async function chosenScope(db: Db, sub: Subscriber, page: Pick<StatusPage, "version">): Promise<string[] | null> {
  if (sub.service_ids === null) return null;
  return page.version === 3 ? ((await q.listSubscriberComponents(db, [sub.id])).get(sub.id) ?? []) : fromJson<string[]>(sub.service_ids);
}
