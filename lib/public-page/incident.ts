import "server-only";
import type { Db } from "@/lib/db";
import { isUuid } from "@/lib/db/ids";
import type { StatusPage } from "@/lib/db/types";
import { loadPageStructure } from "@/lib/components/structure";
import { loadIncidentViews } from "@/lib/incidents/service";
import type { IncidentView } from "@/lib/incidents/types";
import { findIncidentShownOn } from "./queries";
import { onPage } from "./view";

/** An incident as this page shows it, or null when it is not one of this page's incidents (→ 404). */
export async function loadIncidentForPage(db: Db, page: StatusPage, incidentId: string): Promise<IncidentView | null> {
  if (!isUuid(incidentId)) return null;
  const [structure, row] = await Promise.all([loadPageStructure(db, page), findIncidentShownOn(db, page.account_id, incidentId, page.id)]);
  if (!row) return null;
  const [view] = await loadIncidentViews(db, [row]);
  return onPage(view, new Set(structure.components.map((c) => c.id)));
}
