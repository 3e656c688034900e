import "server-only";
import { DAY_MS } from "@/lib/time/units";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { toJson } from "@/lib/db/json";
import { insertAccount, countAccounts } from "@/lib/accounts/queries";
import { createApiKey } from "@/lib/api-keys/service";
import { insertService } from "@/lib/services/queries";
import { insertCard, insertPage, replaceCardServices } from "@/lib/status-pages/queries";
import { insertIncident, insertUpdate, setIncidentServices } from "@/lib/incidents/queries";
import { deriveFromUpdates } from "@/lib/incidents/derive";
import { insertWindow } from "@/lib/maintenance/queries";
import { DEFAULT_VISIBILITY } from "@/lib/maintenance/types";
import type { IncidentUpdate } from "@/lib/db/types";
import { seedDemoChecks } from "./checks";
import { seedPaymentsPage } from "./payments";
import { DEMO_CARDS, DEMO_PAGE, DEMO_THEME, HISTORY, ONGOING, RECENT_SERVICE, type DemoIncident } from "./data";

const MIN = 60_000;

export interface SeedResult {
  accountId: string;
  apiKey: string;
  pageId: string;
}

/** An account with one API key and nothing else (HELIOGRAPH_DEMO=false). */
export async function seedEmpty(db: Db): Promise<SeedResult | null> {
  if ((await countAccounts(db)) > 0) return null;
  const t = Date.now();
  const accountId = newId();
  await insertAccount(db, { id: accountId, name: "Default account", created_at: t, updated_at: t });
  const { rawKey } = await createApiKey(db, accountId, "first key");
  return { accountId, apiKey: rawKey, pageId: "" };
}

/**
 * The demo: "Acme Cloud" (a v1 page: three cards, ten services, 90 days of history, one open incident, one
 * upcoming window, checks of the server itself) and "Acme Payments" (a v3 page: groups of components, one in partial outage).
 */
export async function seedDemo(db: Db, now = Date.now()): Promise<SeedResult | null> {
  if ((await countAccounts(db)) > 0) return null;
  const result = await db.transaction().execute(async (trx) => {
    const accountId = newId();
    const born = now - 120 * DAY_MS;
    await insertAccount(trx, { id: accountId, name: "Acme Inc.", created_at: born, updated_at: born });

    const serviceIds = new Map<string, string>();
    for (const name of DEMO_CARDS.flatMap((c) => c.services)) {
      const created = name === RECENT_SERVICE.name ? now - RECENT_SERVICE.ageDays * DAY_MS : born;
      const id = newId();
      serviceIds.set(name, id);
      await insertService(trx, { id, account_id: accountId, name, created_at: created, updated_at: created });
    }

    const pageId = newId();
    await insertPage(trx, {
      id: pageId, account_id: accountId, name: DEMO_PAGE.name, url: DEMO_PAGE.url, description: DEMO_PAGE.description,
      custom_domain: null, is_private: 0, default_theme: "AUTO", theme_colors: toJson(DEMO_THEME),
      logo: null, logo_dark: null, favicon: null, redirect_to: null, password_hash: null, created_at: born, updated_at: born,
    });
    for (const [position, card] of DEMO_CARDS.entries()) {
      const cardId = newId();
      await insertCard(trx, { id: cardId, status_page_id: pageId, name: card.name, position, created_at: born, updated_at: born });
      await replaceCardServices(trx, cardId, card.services.map((s) => serviceIds.get(s)!));
    }

    for (const incident of [...HISTORY, ONGOING]) await insertDemoIncident(trx, accountId, serviceIds, incident, now);

    const startsAt = Math.ceil((now + 3 * DAY_MS) / (60 * MIN)) * 60 * MIN;
    await insertWindow(trx, {
      account_id: accountId, name: "Database engine upgrade",
      description: "We are upgrading the shared database clusters to the next major engine version. Expect brief connection resets.",
      tags: toJson(["databases"]), starts_at: startsAt, ends_at: startsAt + 2 * 60 * MIN, repeat_interval: null, repeat_unit: null,
      repeat_ends_at: null, timezone: "UTC", pause_all_checks: 0, silence_all_alerts: 0, silence_alerts_tags: "[]",
      status_page_visibility: toJson({ ...DEFAULT_VISIBILITY, enabled: true, statusPageIds: [pageId], serviceIds: [serviceIds.get("Databases")!], showAffectedServices: true }),
      created_at: now, updated_at: now,
    });
    await seedPaymentsPage(trx, accountId, now);
    return { accountId, pageId };
  });
  const { rawKey } = await createApiKey(db, result.accountId, "demo key");
  await seedDemoChecks(db, result.accountId);
  return { ...result, apiKey: rawKey };
}

async function insertDemoIncident(db: Db, accountId: string, serviceIds: Map<string, string>, d: DemoIncident, now: number): Promise<void> {
  // Historical incidents start mid-morning UTC on their day; the open one is anchored to now.
  const start = d.daysAgo === 0 ? now : Math.floor((now - d.daysAgo * DAY_MS) / DAY_MS) * DAY_MS + (9 + (d.daysAgo % 7)) * 60 * MIN;
  const id = newId();
  const updates: IncidentUpdate[] = d.updates.map((u) => {
    const at = start + u.after * MIN;
    return { id: newId(), incident_id: id, status: u.status, description: u.text, public_incident_update_date: at, notify_subscribers: 0, actor_type: null, actor_id: null, created_at: at, updated_at: at };
  });
  const created = updates[0].created_at;
  await insertIncident(db, { id, account_id: accountId, name: d.name, severity: d.severity, ...deriveFromUpdates(updates), created_at: created, updated_at: updates[updates.length - 1].created_at });
  await setIncidentServices(db, id, d.services.map((s) => serviceIds.get(s)!));
  for (const u of updates) await insertUpdate(db, u);
}
