import "server-only";
import { checkPageAccess, matchKey, pageCredentials } from "@/lib/access";
import { getReadyDb } from "@/lib/db";
import type { StatusPage } from "@/lib/db/types";
import { findPageById } from "@/lib/status-pages/queries";
import { decidePublic, type PublicAction, type PublicFacts, type PublicNeed } from "@/lib/tenancy/decide";
import { tenantByDomain, tenantBySlug } from "@/lib/tenancy/lookup";
import { planRequest, type TenancyConfig } from "@/lib/tenancy/route";
import { maintenanceOnPage } from "./maintenance";
import { incidentOnPage } from "./on-page";

/** What the public door reads of a request, whoever received it (Node's server or Next's proxy). */
export interface DoorRequest {
  method: string;
  host: string | null;
  forwardedHost: string | null;
  pathname: string;
  /** "" or "?…" */
  search: string;
  cookie: string | null;
  authorization: string | null;
}

export interface Resolved<A extends PublicAction = PublicAction> {
  action: A;
  /** the page's row, when access was checked against it */
  page?: StatusPage;
}

/** The decision on a request, with the lookups it asked for (lib/tenancy/decide.ts). */
export async function resolvePublic(req: DoorRequest, cfg: TenancyConfig): Promise<Resolved> {
  return (await resolve(req, cfg, false))!;
}

/** The same, for the front door: null as soon as the answer cannot be the page's home, before any further lookup. */
export async function resolvePage(req: DoorRequest, cfg: TenancyConfig): Promise<Resolved<Extract<PublicAction, { kind: "page" }>> | null> {
  const resolved = await resolve(req, cfg, true);
  return resolved?.action.kind === "page" ? (resolved as Resolved<Extract<PublicAction, { kind: "page" }>>) : null;
}

/** Each fact is asked for at most once: more rounds than facts would be a decision that never ends. */
const MAX_ROUNDS = 6;

async function resolve(req: DoorRequest, cfg: TenancyConfig, pageOnly: boolean): Promise<Resolved | null> {
  const plan = planRequest(req, cfg);
  const facts: PublicFacts = {};
  const found: { page?: StatusPage } = {};
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const next = decidePublic({ plan, request: req, publicOrigin: cfg.publicOrigin, facts });
    if (next.kind !== "need") return { action: next, page: found.page };
    if (pageOnly && !next.mayBePage) return null;
    await lookUp(next, req, facts, found);
  }
  throw new Error("the public decision asked for more lookups than it has facts");
}

async function lookUp(need: PublicNeed, req: DoorRequest, facts: PublicFacts, found: { page?: StatusPage }): Promise<void> {
  switch (need.need) {
    case "tenant":
      facts.tenant = need.by === "slug" ? await tenantBySlug(need.name) : await tenantByDomain(need.name);
      return;
    case "bareDomain":
      facts.bareDomain = (await tenantByDomain(need.hostname)) !== null;
      return;
    case "key":
      facts.key = await matchKey(await getReadyDb(), need.pageId, need.key);
      return;
    case "access": {
      const db = await getReadyDb();
      const page = await findPageById(db, need.pageId);
      const open = page !== undefined && (await checkPageAccess(db, page, { cookieHeader: req.cookie, authorization: req.authorization, keyParam: null }));
      facts.access = { open, credentials: page && open ? await pageCredentials(db, page) : [] };
      found.page = page;
      return;
    }
    case "target": {
      const db = await getReadyDb();
      facts.target = need.route === "incident" ? await incidentOnPage(db, need.page, need.id) : await maintenanceOnPage(db, need.page, need.id);
      return;
    }
  }
}
