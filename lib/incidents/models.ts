import "server-only";
import type { Insertable } from "kysely";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import type { ImpactStatus, Incident, IncidentImpactsTable, Severity } from "@/lib/db/types";
import { NotFoundError } from "@/lib/errors";
import type { Actor } from "@/lib/actors";
import { severityToStatus, type ServiceStatus } from "@/lib/status";
import { pageIdsForServices } from "@/lib/status-pages/affected";
import { severityOfImpacts } from "./derive";
import { invalid, requireImpactComponents } from "./impact-rules";
import * as q from "./queries";
import type { Derived } from "./updates";
import type { ComponentImpactInput } from "./types";

/*
 * How an incident's impact is stored, chosen once from where it lives (modelOf): on a page, as windows over its
 * components; account-wide, as services at one stored severity (CRITICAL and MAJOR both show as major outage, so
 * the severity is kept as said, never re-derived). Only the writer (writer.ts) uses these.
 */

/** Where an incident lives: a page with its own components, or (pageId null) the account's services. */
export interface Home {
  accountId: string;
  pageId: string | null;
}

export interface ImpactChange {
  /** what it does to each component now; absent: unchanged */
  impacts?: readonly ComponentImpactInput[];
  /** a severity said by the caller (kept where the model stores one) */
  severity?: Severity;
}

export interface WriteModel {
  /** the components the incident is shown on: their status flips, uptime strips and subscribers */
  componentIds(trx: Db, incidentId: string): Promise<string[]>;
  /** the pages a write to these components shows on */
  pages(trx: Db, home: Home, componentIds: readonly string[]): Promise<string[]>;
  /** refuses components an incident here cannot name (400 naming the field) */
  check(trx: Db, home: Home, impacts: readonly { componentId: string }[]): Promise<void>;
  /** stores a new incident's impact (its row is written) */
  open(trx: Db, incidentId: string, impacts: readonly ComponentImpactInput[], startedAt: number, actor: Actor | undefined, at: number): Promise<void>;
  /** replaces what the incident does now */
  set(trx: Db, incidentId: string, change: ImpactChange, at: number, actor: Actor | undefined): Promise<void>;
  /** worsens these components (checked), the others kept */
  /** `severity`: said by the caller (an account-wide incident's), else that of the raised impacts */
  raise(trx: Db, home: Home, incidentId: string, raise: readonly ComponentImpactInput[], actor: Actor, severity?: Severity): Promise<void>;
  /** after its updates changed: nothing left open past a resolution */
  settle(trx: Db, incidentId: string, derived: Derived, actor: Actor | undefined): Promise<void>;
  /** what it does to each component now */
  shown(trx: Db, incident: Incident): Promise<{ componentId: string; status: ImpactStatus }[]>;
  /** of these components, those an open incident in the hands of humans affects */
  humanOwned(trx: Db, home: Home, componentIds: readonly string[]): Promise<string[]>;
}

export const isImpact = (s: ServiceStatus): s is ImpactStatus => s !== "OPERATIONAL";
export const impactActor = (actor: Actor | undefined) => ({ impact_actor_type: actor?.type ?? null, impact_actor_id: actor?.id ?? null });

/** The severity a new incident is stored with when its caller says none: its worst impact's. */
export const severityOf = (impacts: readonly ComponentImpactInput[]): Severity => severityOfImpacts(impacts.map((c) => c.status).filter(isImpact));

const services: WriteModel = {
  componentIds: async (trx, incidentId) => (await q.listIncidentServiceIds(trx, [incidentId])).map((r) => r.service_id),
  pages: (trx, _home, ids) => pageIdsForServices(trx, ids),
  // The edge checked the services (a 400 naming `services`); a service deleted since fails its foreign key.
  check: async () => {},
  open: (trx, incidentId, impacts) => q.setIncidentServices(trx, incidentId, [...new Set(impacts.map((c) => c.componentId))]),
  async set(trx, incidentId, change, at, actor) {
    await q.updateIncidentRow(trx, incidentId, { severity: change.severity, ...impactActor(actor), updated_at: at });
    if (change.impacts) await q.setIncidentServices(trx, incidentId, [...new Set(change.impacts.map((c) => c.componentId))]);
  },
  raise: (trx, _home, incidentId, raise, actor, severity) => q.updateIncidentRow(trx, incidentId, { severity: severity ?? severityOf(raise), ...impactActor(actor), updated_at: Date.now() }),
  settle: async () => {},
  async shown(trx, incident) {
    const status = severityToStatus(incident.severity);
    if (!isImpact(status)) return [];
    return (await services.componentIds(trx, incident.id)).map((componentId) => ({ componentId, status }));
  },
  humanOwned: (trx, home, ids) => q.humanOwnedServices(trx, home.accountId, ids),
};

function impactRow(incidentId: string, componentId: string, status: ImpactStatus, startedAt: number, endedAt: number | null, actor: Actor | undefined, at: number): Insertable<IncidentImpactsTable> {
  return { id: newId(), incident_id: incidentId, component_id: componentId, status, started_at: startedAt, ended_at: endedAt, actor_type: actor?.type ?? null, actor_id: actor?.id ?? null, created_at: at };
}

/** After any change to the windows: the stored severity follows the worst of them, and who changed them is recorded. */
async function impactsChanged(trx: Db, incidentId: string, actor: Actor | undefined): Promise<void> {
  const windows = await q.listImpacts(trx, incidentId);
  await q.updateIncidentRow(trx, incidentId, { severity: severityOfImpacts(windows.map((w) => w.status)), ...impactActor(actor) });
}

/**
 * Each component whose status changed gets its open window closed now and, unless it is now OPERATIONAL,
 * a new one opened now. A resolved incident opens none (400): a non-resolved update reopens it first.
 */
async function reconcile(trx: Db, incidentId: string, impacts: readonly ComponentImpactInput[], at: number, actor: Actor | undefined): Promise<void> {
  const incident = await q.findIncidentById(trx, incidentId);
  if (!incident) throw new NotFoundError("Incident not found");
  const open = new Map((await q.listImpacts(trx, incidentId)).filter((w) => w.ended_at === null).map((w) => [w.component_id, w]));
  const wanted = new Map(impacts.map((c) => [c.componentId, c.status]));
  const closing = [...open.values()].filter((w) => (wanted.get(w.component_id) ?? "OPERATIONAL") !== w.status);
  const opening = impacts.map((c, i) => ({ c, i })).filter(({ c }) => isImpact(c.status) && open.get(c.componentId)?.status !== c.status);
  if (opening.length > 0 && incident.resolved_at !== null) {
    throw invalid(opening.map(({ i }) => ({ path: `componentImpacts.${i}.status`, message: "must be OPERATIONAL: the incident is resolved (post an update that reopens it first)" })));
  }
  if (closing.length === 0 && opening.length === 0) return;
  await q.closeImpacts(trx, closing.map((w) => w.id), at, { actor_type: actor?.type ?? null, actor_id: actor?.id ?? null });
  await q.insertImpacts(trx, opening.map(({ c }) => impactRow(incidentId, c.componentId, c.status as ImpactStatus, at, null, actor, at)));
  await impactsChanged(trx, incidentId, actor);
}

const windows: WriteModel = {
  componentIds: async (trx, incidentId) => [...new Set((await q.listImpacts(trx, incidentId)).map((w) => w.component_id))],
  pages: async (_trx, home) => [home.pageId!],
  check: (trx, home, impacts) => requireImpactComponents(trx, home.pageId!, impacts.map((c) => c.componentId)),
  open: (trx, incidentId, impacts, startedAt, actor, at) => q.insertImpacts(trx, impacts.flatMap((c) => (isImpact(c.status) ? [impactRow(incidentId, c.componentId, c.status, startedAt, null, actor, at)] : []))),
  set: async (trx, incidentId, change, at, actor) => {
    if (change.impacts) await reconcile(trx, incidentId, change.impacts, at, actor);
  },
  async raise(trx, _home, incidentId, raise, actor) {
    const open = (await q.listImpacts(trx, incidentId)).filter((w) => w.ended_at === null && !raise.some((r) => r.componentId === w.component_id));
    await reconcile(trx, incidentId, [...open.map((w) => ({ componentId: w.component_id, status: w.status })), ...raise], Date.now(), actor);
  },
  /**
   * A resolved incident has no window open past its resolution: the resolution ends them at its public time, those
   * left open and those set to end later alike (an older release stored ends in the future; they outlived the incident).
   */
  async settle(trx, incidentId, derived, actor) {
    const resolvedAt = derived.resolved_at;
    if (resolvedAt === null) return;
    const open = (await q.listImpacts(trx, incidentId)).filter((w) => w.ended_at === null || Number(w.ended_at) > resolvedAt);
    if (open.length === 0) return;
    await q.closeImpacts(trx, open.map((w) => w.id), resolvedAt, { actor_type: actor?.type ?? null, actor_id: actor?.id ?? null });
    await q.updateIncidentRow(trx, incidentId, impactActor(actor));
  },
  shown: async (trx, incident) => (await q.listImpacts(trx, incident.id)).filter((w) => w.ended_at === null).map((w) => ({ componentId: w.component_id, status: w.status })),
  humanOwned: (trx, home, ids) => q.humanOwnedComponents(trx, home.pageId!, ids),
};

/** The one place an incident's storage is chosen. */
export const modelOf = (home: Pick<Home, "pageId">): WriteModel => (home.pageId === null ? services : windows);

export const homeOf = (incident: Pick<Incident, "account_id" | "status_page_id">): Home => ({ accountId: incident.account_id, pageId: incident.status_page_id });

/** The windows of a replaced history, as stored. */
export const windowRows = (incidentId: string, list: readonly { componentId: string; status: ImpactStatus; startedAt: number; endedAt: number | null }[], actor: Actor | undefined, at: number) =>
  list.map((w) => impactRow(incidentId, w.componentId, w.status, w.startedAt, w.endedAt, actor, at));

export { impactsChanged };
