import "server-only";
import { DAY_MS } from "@/lib/time/units";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { toJson } from "@/lib/db/json";
import { deriveFromUpdates, severityOfImpacts } from "@/lib/incidents/derive";
import { insertComponent } from "@/lib/components/queries";
import { insertImpacts, insertIncident, insertUpdate } from "@/lib/incidents/queries";
import { insertPage } from "@/lib/status-pages/queries";
import { DEMO_THEME } from "./data";
import { PAYMENTS_COMPONENTS, PAYMENTS_INCIDENTS, PAYMENTS_PAGE, type DemoV3Incident } from "./payments-data";

const MIN = 60_000;


/** "Acme Payments": a v3 page with groups, a component in partial outage in an ongoing incident, and history. */
export async function seedPaymentsPage(trx: Db, accountId: string, now: number): Promise<string> {
  const born = now - 120 * DAY_MS;
  const pageId = newId();
  await insertPage(trx, {
    id: pageId, account_id: accountId, name: PAYMENTS_PAGE.name, url: PAYMENTS_PAGE.url, description: PAYMENTS_PAGE.description,
    custom_domain: null, is_private: 0, default_theme: "AUTO", theme_colors: toJson(DEMO_THEME), version: 3,
    logo: null, logo_dark: null, favicon: null, redirect_to: null, password_hash: null, created_at: born, updated_at: born,
  });

  const ids = new Map<string, string>();
  let order = 0;
  const add = async (c: { name: string; description?: string }, type: "SERVICE" | "GROUP", parentId: string | null) => {
    const id = newId();
    ids.set(c.name, id);
    await insertComponent(trx, {
      id, status_page_id: pageId, type, name: c.name, description: c.description ?? null, display_order: order++, hidden: 0, parent_id: parentId, created_at: born, updated_at: born,
    });
    return id;
  };
  for (const entry of PAYMENTS_COMPONENTS) {
    const id = await add(entry, entry.children ? "GROUP" : "SERVICE", null);
    for (const child of entry.children ?? []) await add(child, "SERVICE", id);
  }

  for (const incident of PAYMENTS_INCIDENTS) await insertV3Incident(trx, accountId, pageId, ids, incident, now);
  return pageId;
}

async function insertV3Incident(db: Db, accountId: string, pageId: string, components: Map<string, string>, d: DemoV3Incident, now: number): Promise<void> {
  const start = d.daysAgo === 0 ? now - (d.startedMinutesAgo ?? 30) * MIN : Math.floor((now - d.daysAgo * DAY_MS) / DAY_MS) * DAY_MS + 14 * 60 * MIN;
  const id = newId();
  const updates = d.updates.map((u) => {
    const at = start + u.after * MIN;
    return { id: newId(), incident_id: id, status: u.status, description: u.text, public_incident_update_date: at, notify_subscribers: 0 as const, actor_type: null, actor_id: null, created_at: at, updated_at: at };
  });
  await insertIncident(db, {
    id, account_id: accountId, status_page_id: pageId, name: d.name, severity: severityOfImpacts(d.impacts.map((w) => w.status)), ...deriveFromUpdates(updates),
    created_at: updates[0].created_at, updated_at: updates[updates.length - 1].created_at,
  });
  for (const u of updates) await insertUpdate(db, u);
  await insertImpacts(
    db,
    d.impacts.map((w) => ({
      id: newId(), incident_id: id, component_id: components.get(w.component)!, status: w.status,
      started_at: start + w.from * MIN, ended_at: w.to === null ? null : start + w.to * MIN, actor_type: null, actor_id: null, created_at: start + w.from * MIN,
    })),
  );
}
