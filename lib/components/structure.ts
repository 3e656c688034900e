import "server-only";
import type { Db } from "@/lib/db";
import type { Component, StatusPage } from "@/lib/db/types";
import type { IncidentScope } from "@/lib/incidents/queries";
import { loadCards } from "@/lib/status-pages/cards";
import type { CardWithServices } from "@/lib/status-pages/types";
import { listComponentsOfPage } from "./queries";

/** A component as the public side shows it (v1: a service on a card). */
export interface ShownComponent {
  id: string;
  name: string;
  description: string | null;
  createdAt: number;
  updatedAt: number;
}

/** One top-level entry of a page: a group (v1: a card) with its components, or a component on its own. */
export interface StructureEntry extends ShownComponent {
  kind: "group" | "component";
  /** a group's visible components in order; empty for a component */
  children: ShownComponent[];
}

/**
 * What a page shows, whichever API built it: the one read model every public surface starts from.
 * A v1 page's cards are its groups and their services its components; a v3 page has its own.
 */
export interface PageStructure {
  entries: StructureEntry[];
  /** every component shown, each once, in display order */
  components: ShownComponent[];
  /** which incidents belong on the page */
  scope: IncidentScope;
}

const shown = (c: { id: string; name: string; description?: string | null; created_at: number; updated_at: number }): ShownComponent => ({
  id: c.id,
  name: c.name,
  description: c.description ?? null,
  createdAt: c.created_at,
  updatedAt: c.updated_at,
});

export function structureFromCards(pageId: string, cards: CardWithServices[]): PageStructure {
  const entries = cards.map((card) => ({ ...shown({ ...card, description: null }), kind: "group" as const, children: card.services.map(shown) }));
  const components = uniqueById(entries.flatMap((e) => e.children));
  return { entries, components, scope: { pageId, serviceIds: components.map((c) => c.id) } };
}

/** Hidden components, and the children of a hidden group, are not shown anywhere public. */
export function structureFromComponents(pageId: string, rows: Component[]): PageStructure {
  const visible = rows.filter((c) => !c.hidden);
  const hiddenGroups = new Set(rows.filter((c) => c.hidden && c.type === "GROUP").map((c) => c.id));
  const groups = new Set(visible.filter((c) => c.type === "GROUP").map((c) => c.id));
  const entries: StructureEntry[] = [];
  for (const c of visible) {
    if (c.type === "GROUP") {
      entries.push({ ...shown(c), kind: "group", children: visible.filter((k) => k.type === "SERVICE" && k.parent_id === c.id).map(shown) });
    } else if (c.parent_id === null || (!groups.has(c.parent_id) && !hiddenGroups.has(c.parent_id))) {
      entries.push({ ...shown(c), kind: "component", children: [] });
    }
  }
  const components = entries.flatMap((e) => (e.kind === "group" ? e.children : [e]));
  return { entries, components, scope: { pageId, serviceIds: [] } };
}

export async function loadPageStructure(db: Db, page: Pick<StatusPage, "id" | "version">): Promise<PageStructure> {
  return page.version === 3 ? structureFromComponents(page.id, await listComponentsOfPage(db, page.id)) : structureFromCards(page.id, await loadCards(db, page.id));
}

function uniqueById<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.id) && (seen.add(i.id), true));
}
