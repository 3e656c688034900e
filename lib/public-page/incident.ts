import "server-only";
import type { Db } from "@/lib/db";
import { isUuid } from "@/lib/db/ids";
import type { StatusPage } from "@/lib/db/types";
import { loadIncidentViews } from "@/lib/incidents/service";
import type { IncidentView } from "@/lib/incidents/types";
import { loadCards } from "@/lib/status-pages/service";
import { findIncidentOnServices } from "./queries";
import { onPage } from "./view";

/** An incident as this page shows it, or null when it is not one of this page's incidents (→ 404). */
export async function loadIncidentForPage(db: Db, page: StatusPage, incidentId: string): Promise<IncidentView | null> {
  if (!isUuid(incidentId)) return null;
  const serviceIds = [...new Set((await loadCards(db, page.id)).flatMap((c) => c.services.map((s) => s.id)))];
  const row = await findIncidentOnServices(db, page.account_id, incidentId, serviceIds);
  if (!row) return null;
  const [view] = await loadIncidentViews(db, [row]);
  return onPage(view, new Set(serviceIds));
}
