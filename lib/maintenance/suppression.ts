import "server-only";
import type { Db } from "@/lib/db";
import { listComponentsOfPage } from "@/lib/components/queries";
import { loadCards } from "@/lib/status-pages/cards";
import { findPageById } from "@/lib/status-pages/queries";
import { listVisibleWindows } from "./queries";
import { loadShownOccurrences, shownStatusAt, visibilityOf } from "./shown";
import { isOpen } from "./state";

/**
 * Ids automation must not open incidents on at `at`: v3 components (a group's children with it) and v1 services under
 * an occurrence of this page in progress then whose window sets `suppressAutoIncidents` (`affectAllServices`: all of
 * them). Whether the window is shown (`enabled`) does not matter: showing is a separate choice.
 */
export async function suppressedComponentIds(db: Db, statusPageId: string, at: number): Promise<Set<string>> {
  const page = await findPageById(db, statusPageId);
  if (!page) return new Set();
  const windows = (await listVisibleWindows(db, page.account_id))
    .map((w) => ({ ...w, visibility: visibilityOf(w) }))
    .filter((w) => w.visibility.suppressAutoIncidents && w.visibility.statusPageIds.includes(page.id));
  if (windows.length === 0) return new Set();
  const { occurrences } = await loadShownOccurrences(db, windows, at, at + 1);
  const live = occurrences.filter((o) => isOpen(shownStatusAt(o, at)));
  if (live.length === 0) return new Set();

  const [components, cards] = await Promise.all([listComponentsOfPage(db, page.id), loadCards(db, page.id)]);
  const childrenOf = (groupId: string) => components.filter((c) => c.parent_id === groupId).map((c) => c.id);
  const out = new Set<string>();
  for (const { window: w } of live) {
    const v = w.visibility;
    if (v.affectAllServices) {
      for (const c of components) out.add(c.id);
      for (const card of cards) for (const s of card.services) out.add(s.id);
      continue;
    }
    for (const id of v.serviceIds) out.add(id);
    for (const id of v.componentIds) {
      out.add(id);
      for (const child of childrenOf(id)) out.add(child);
    }
  }
  return out;
}
