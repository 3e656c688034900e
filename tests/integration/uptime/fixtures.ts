import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import type { Db } from "@/lib/db";
import type { StatusPage } from "@/lib/db/types";
import { newAccount } from "../../setup/db";
import { createService } from "@/lib/services/service";
import { createPage } from "@/lib/status-pages/service";
import { loadPageSnapshot, loadRecentSnapshot, type PageSnapshot } from "@/lib/public-page/load";

export const M = 60_000;
export const H = 60 * M;
export const D = 24 * H;
export const ACTOR = { type: "API_KEY" as const, id: null };

/** The page as stored now (zone included). */
export const pageRow = (db: Db, id: string): Promise<StatusPage> => db.selectFrom("status_pages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** A v1 page in `zone`: cards Core (API, Website) and Edge (Young, API); Young was created 10 days ago, the others 200. */
export async function v1Page(zone: string, now: number) {
  const { db, accountId } = await newAccount();
  const api = await createService(db, accountId, { name: "API" });
  const web = await createService(db, accountId, { name: "Website" });
  const young = await createService(db, accountId, { name: "Young" });
  await db.updateTable("services").set({ created_at: now - 200 * D }).where("id", "in", [api.id, web.id]).execute();
  await db.updateTable("services").set({ created_at: now - 10 * D - 5 * H }).where("id", "=", young.id).execute();
  const page = await createPage(db, accountId, {
    name: "Strips v1",
    url: `s1-${randomUUID().slice(0, 8)}`,
    timezone: zone,
    cards: [
      { name: "Core", services: [{ id: api.id }, { id: web.id }] },
      { name: "Edge", services: [{ id: young.id }, { id: api.id }] },
    ],
  });
  return { db, accountId, page, ids: { api: api.id, web: web.id, young: young.id } };
}

/** A v3 page in `zone`: group Platform (API, Checkout, a hidden Billing), top-level DNS created 20 days ago. */
export async function v3Page(zone: string, now: number) {
  const { db, accountId } = await newAccount();
  const page = await createPage(db, accountId, { name: "Strips v3", url: `s3-${randomUUID().slice(0, 8)}`, cards: [], timezone: zone });
  await db.updateTable("status_pages").set({ version: 3 }).where("id", "=", page.id).execute();
  let order = 0;
  const component = async (type: "GROUP" | "SERVICE", name: string, extra: { parent?: string; hidden?: boolean; born?: number } = {}) => {
    const id = randomUUID();
    const born = extra.born ?? now - 200 * D;
    await db
      .insertInto("components")
      .values({ id, status_page_id: page.id, type, name, description: null, display_order: ++order, hidden: extra.hidden ? 1 : 0, parent_id: extra.parent ?? null, created_at: born, updated_at: born })
      .execute();
    return id;
  };
  const platform = await component("GROUP", "Platform");
  const api = await component("SERVICE", "API", { parent: platform });
  const checkout = await component("SERVICE", "Checkout", { parent: platform });
  const billing = await component("SERVICE", "Billing", { parent: platform, hidden: true });
  const dns = await component("SERVICE", "DNS", { born: now - 20 * D - 3 * H });
  return { db, accountId, page, ids: { platform, api, checkout, billing, dns } };
}

/** What the page shows from its history: every component's status, uptime and days, and the groups'. */
const shown = (s: PageSnapshot) => ({ status: s.status, entries: s.entries, components: s.components });

/** The lean read equals the full one (and its incidents are the full read's recent ones); returns both. */
export async function expectLeanMatchesFull(db: Db, pageId: string, now: number): Promise<{ full: PageSnapshot; lean: PageSnapshot }> {
  const page = await pageRow(db, pageId);
  const full = await loadPageSnapshot(db, page, now);
  const lean = await loadRecentSnapshot(db, page, now);
  expect(shown(lean)).toEqual(shown(full));
  return { full, lean };
}

/** The stored strips of a page: component → last day held. */
export async function stripsOf(db: Db, pageId: string): Promise<Map<string, string>> {
  const rows = await db.selectFrom("uptime_strips").select(["component_id", "through_day"]).where("status_page_id", "=", pageId).execute();
  return new Map(rows.map((r) => [r.component_id, r.through_day]));
}

/** The bars of every component (full read): what a write must change for its test to mean anything. */
export async function bars(db: Db, pageId: string, now: number) {
  const s = await loadPageSnapshot(db, await pageRow(db, pageId), now);
  return s.components.map((c) => ({ id: c.id, days: c.days.slice(0, -1) }));
}
