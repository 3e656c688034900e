import "server-only";
import type { z } from "zod";
import type { Db } from "@/lib/db";
import { isUuid, newId } from "@/lib/db/ids";
import type { Keyset, PageRequest } from "@/lib/db/keyset";
import type { Component } from "@/lib/db/types";
import { assertWithinLimit } from "@/lib/accounts/entitlements";
import { invalidatePages } from "@/lib/cache/invalidate";
import { NotFoundError, ValidationError } from "@/lib/errors";
import { getPageOrThrow } from "@/lib/status-pages/lookup";
import * as q from "./queries";
import type { ComponentMutation } from "./schema";
import { invalidFields } from "@/lib/http/validate";
import { historyChanged, stripsGone } from "@/lib/uptime/strips";

export type ComponentInput = z.output<typeof ComponentMutation>;

/** The only way to a component: the account's v3 page first (404, or 400 for a v1 page), then the component on it. */
export async function getComponentOrThrow(db: Db, accountId: string, pageId: string, id: string): Promise<Component> {
  const page = await getPageOrThrow(db, accountId, pageId, { version: 3 });
  const row = isUuid(id) ? await q.findComponent(db, page.id, id) : undefined;
  if (!row) throw new NotFoundError("Component not found");
  return row;
}

/*
 * The list is in display order, (display_order, created_at, id), while a cursor holds a (createdAt, id)
 * keyset: the display order (shifted to be non-negative) rides in `createdAt`, "created_at.id" in `id`.
 */
const ORDER_SHIFT = 2 ** 31;
const toKeyset = (c: Component): Keyset => ({ createdAt: Number(c.display_order) + ORDER_SHIFT, id: `${Number(c.created_at)}.${c.id}` });

function fromKeyset(k: Keyset): q.ComponentPosition {
  const m = /^(\d{1,15})\.([0-9a-f-]{36})$/.exec(k.id);
  if (!m || k.createdAt > 2 * ORDER_SHIFT) throw new ValidationError("nextId is not a cursor of this list", { fields: ["nextId"] });
  return { displayOrder: k.createdAt - ORDER_SHIFT, createdAt: Number(m[1]), id: m[2] };
}

export async function listComponents(db: Db, accountId: string, pageId: string, page: PageRequest): Promise<{ rows: Component[]; next: Keyset | null }> {
  await getPageOrThrow(db, accountId, pageId, { version: 3 });
  const rows = await q.listComponentsAfter(db, pageId, page.limit, page.after && fromKeyset(page.after));
  if (rows.length <= page.limit) return { rows, next: null };
  const shown = rows.slice(0, page.limit);
  return { rows: shown, next: toKeyset(shown[shown.length - 1]) };
}

const invalid = (field: string, message: string) => invalidFields([{ path: field, message }]);

/** The tree stays one level deep: a parent is a GROUP of the same page, and a group has no parent. */
async function checkPlacement(trx: Db, pageId: string, id: string, input: ComponentInput, existing?: Component): Promise<void> {
  const type = input.type ?? "SERVICE";
  if (input.parentId) {
    if (input.parentId === id) throw invalid("parentId", "a component cannot be its own parent");
    if (type === "GROUP") throw invalid("parentId", "a group cannot be nested in a group (a GROUP's parentId must be null)");
    const parent = await q.findComponent(trx, pageId, input.parentId);
    if (!parent) throw invalid("parentId", "must be a GROUP component of this status page");
    if (parent.type !== "GROUP") throw invalid("parentId", "a SERVICE cannot be a parent (parentId must be a GROUP component)");
  }
  if (existing?.type === "GROUP" && type === "SERVICE" && (await q.countChildren(trx, existing.id)) > 0) {
    throw invalid("type", "a group with components in it cannot become a SERVICE (move or delete them first)");
  }
  // A group has no impact of its own: the outage would vanish from every public surface while the incident is open.
  if (existing?.type === "SERVICE" && type === "GROUP" && (await q.hasOpenImpact(trx, existing.id, Date.now()))) {
    throw invalid("type", "a SERVICE an incident impacts cannot become a GROUP while the impact is open (resolve the incident or end its impact first)");
  }
}

/** Full replacement: what the mutation leaves out takes its default. */
function columns(input: ComponentInput, at: number) {
  return {
    type: input.type ?? "SERVICE",
    name: input.name,
    description: input.description ?? null,
    display_order: input.displayOrder,
    hidden: input.hidden ? (1 as const) : (0 as const),
    parent_id: input.parentId ?? null,
    updated_at: at,
  };
}

/** Runs `fn` with the page's component writes serialized; a page deleted meanwhile is a 404. */
async function withPageLocked<T>(db: Db, pageId: string, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (!(await q.lockPageForComponents(trx, pageId))) throw new NotFoundError("Status page not found");
    return fn(trx);
  });
}

export async function createComponent(db: Db, accountId: string, pageId: string, input: ComponentInput): Promise<Component> {
  const page = await getPageOrThrow(db, accountId, pageId, { version: 3 });
  const id = newId();
  const at = Date.now();
  await withPageLocked(db, page.id, async (trx) => {
    assertWithinLimit("COMPONENTS_PER_STATUS_PAGE", await q.countComponents(trx, page.id));
    await checkPlacement(trx, page.id, id, input);
    await q.insertComponent(trx, { ...columns(input, at), id, status_page_id: page.id, created_at: at });
  });
  await invalidatePages([page.id]);
  return getComponentOrThrow(db, accountId, page.id, id);
}

/** PUT: a full replacement; a group with children cannot become a service, nor a service with an open impact a group. */
export async function updateComponent(db: Db, accountId: string, pageId: string, id: string, input: ComponentInput): Promise<Component> {
  const current = await getComponentOrThrow(db, accountId, pageId, id);
  await withPageLocked(db, current.status_page_id, async (trx) => {
    const existing = await q.findComponent(trx, current.status_page_id, current.id);
    if (!existing) throw new NotFoundError("Component not found");
    await checkPlacement(trx, existing.status_page_id, existing.id, input, existing);
    await q.updateComponentRow(trx, existing.status_page_id, existing.id, columns(input, Date.now()));
    // A maintenance window naming a group covers its children: a component changing group changes its history.
    if ((input.parentId ?? null) !== existing.parent_id) await historyChanged(trx, { componentIds: [existing.id] });
  });
  await invalidatePages([current.status_page_id]);
  return getComponentOrThrow(db, accountId, current.status_page_id, current.id);
}

/** Deletes a component; a group's children are detached (top level) in the same transaction, never deleted. */
export async function deleteComponent(db: Db, accountId: string, pageId: string, id: string): Promise<void> {
  const current = await getComponentOrThrow(db, accountId, pageId, id);
  await withPageLocked(db, current.status_page_id, async (trx) => {
    const existing = await q.findComponent(trx, current.status_page_id, current.id);
    if (!existing) throw new NotFoundError("Component not found");
    if (existing.type === "GROUP") {
      // Out of the group, out of the maintenance windows naming it (lib/uptime/strips.ts).
      await historyChanged(trx, { componentIds: await q.listChildIds(trx, existing.id) });
      await q.detachChildren(trx, existing.id, Date.now());
    }
    await q.deleteComponentRow(trx, existing.status_page_id, existing.id);
    await stripsGone(trx, [existing.id]);
  });
  await invalidatePages([current.status_page_id]);
}
