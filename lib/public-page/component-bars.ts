import "server-only";
import type { Db } from "@/lib/db";
import type { StatusPage } from "@/lib/db/types";
import { NotFoundError } from "@/lib/errors";
import type { PageLocale } from "@/lib/time/locale";
import { labelledBarsHtml } from "./bars";
import { loadRecentSnapshot } from "./load";
import { listIncidentNames } from "./queries";

/**
 * One component's bars with what each day was (uptime, downtime, maintenance, its incidents' names), for the islands to
 * put in place when a visitor reaches them; the page carries only colours. Read as the page is (stored strips), so the
 * elements line up with those on screen. A component the page does not show is not found.
 */
export async function componentBarsHtml(db: Db, page: StatusPage, componentId: string, locale: PageLocale, now = Date.now()): Promise<string> {
  const snap = await loadRecentSnapshot(db, page, now);
  const component = snap.components.find((c) => c.id === componentId);
  if (!component) throw new NotFoundError("Component not found on this status page");
  const names = await listIncidentNames(db, page.account_id, [...new Set(component.days.flatMap((d) => d.incidentIds))]);
  return labelledBarsHtml(component.days, names, locale);
}
