import "server-only";
import type { Db } from "@/lib/db";
import { isUuid } from "@/lib/db/ids";
import type { StatusPage } from "@/lib/db/types";
import { loadIncidentViews } from "@/lib/incidents/service";
import type { IncidentView } from "@/lib/incidents/types";
import { loadCards } from "@/lib/status-pages/service";
import { findIncidentOnServices } from "./queries";
import { onPage } from "./view";

async function pageServiceIds(db: Db, pageId: string): Promise<string[]> {
  return [...new Set((await loadCards(db, pageId)).flatMap((c) => c.services.map((s) => s.id)))];
}

/** Whether the incident is one of this page's (its account's, on one of its services). */
export async function incidentOnPage(db: Db, page: { id: string; accountId: string }, incidentId: string): Promise<boolean> {
  if (!isUuid(incidentId)) return false;
  return !!(await findIncidentOnServices(db, page.accountId, incidentId, await pageServiceIds(db, page.id)));
}

/** An incident as this page shows it, or null when it is not one of this page's incidents (→ 404). */
export async function loadIncidentForPage(db: Db, page: StatusPage, incidentId: string): Promise<IncidentView | null> {
  if (!isUuid(incidentId)) return null;
  const serviceIds = await pageServiceIds(db, page.id);
  const row = await findIncidentOnServices(db, page.account_id, incidentId, serviceIds);
  if (!row) return null;
  const [view] = await loadIncidentViews(db, [row]);
  return onPage(view, new Set(serviceIds));
}
