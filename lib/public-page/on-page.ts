import "server-only";
import type { Db } from "@/lib/db";
import { isUuid } from "@/lib/db/ids";
import { findIncidentShownOn } from "./queries";

/*
 * What proxy.ts asks of an incident's address, apart from the incident loaders (./incident.ts): those import the
 * incident verbs and, through them, the notification channels and the markdown renderer, which the proxy's bundle
 * would otherwise carry and keep in memory for a yes or no.
 */

/** Whether the incident is one of this page's (its own, or its account's on one of its services). */
export async function incidentOnPage(db: Db, page: { id: string; accountId: string }, incidentId: string): Promise<boolean> {
  if (!isUuid(incidentId)) return false;
  return !!(await findIncidentShownOn(db, page.accountId, incidentId, page.id));
}
