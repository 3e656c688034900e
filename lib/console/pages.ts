import "server-only";
import type { Db } from "@/lib/db";
import type { StatusPage } from "@/lib/db/types";
import { NotFoundError } from "@/lib/errors";
import { requireRole } from "@/lib/operators/roles";
import type { ConsoleActor } from "@/lib/operators/service";
import { loadPageStructure } from "@/lib/components/structure";
import { loadRecentSnapshot } from "@/lib/public-page/load";
import { findPage, listPages } from "@/lib/status-pages/queries";
import type { ServiceStatus } from "@/lib/status";

export interface ConsolePage {
  page: StatusPage;
  status: ServiceStatus;
  openIncidents: number;
}

/** Every page of the operator's account with its status now, read as the public page reads it. */
export async function listConsolePages(db: Db, actor: ConsoleActor): Promise<ConsolePage[]> {
  requireRole(actor.role, "read");
  const pages = [...(await listPages(db, actor.accountId, 3, { limit: 200 })), ...(await listPages(db, actor.accountId, 1, { limit: 200 }))].slice(0, 200);
  pages.sort((a, b) => a.name.localeCompare(b.name));
  return Promise.all(
    pages.map(async (page) => {
      const snap = await loadRecentSnapshot(db, page);
      return { page, status: snap.status, openIncidents: snap.incidents.filter((i) => i.incident.resolved_at === null).length };
    }),
  );
}

/** A page of the operator's account and the components an incident may name (services, in display order). */
export async function consolePageComponents(db: Db, actor: ConsoleActor, pageId: string) {
  requireRole(actor.role, "read");
  const page = await findPage(db, actor.accountId, pageId);
  if (!page) throw new NotFoundError("No such page");
  const structure = await loadPageStructure(db, page);
  return { page, components: structure.components };
}
