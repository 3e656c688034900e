import "server-only";
import type { Db } from "@/lib/db";
import type { Incident, IncidentUpdate, Severity } from "@/lib/db/types";
import { invalidatePages } from "@/lib/cache/invalidate";
import { NotFoundError, type AppError } from "@/lib/errors";
import { enqueueComponentUpdates, enqueueIncidentUpdate } from "@/lib/notifications/outbox/enqueue";
import { isHuman, type Actor } from "@/lib/actors";
import { historyChanged } from "@/lib/uptime/strips";
import { deriveFromUpdates } from "./derive";
import { assertDistinctComponents, checkWindows } from "./impact-rules";
import { homeOf, impactActor, impactsChanged, isImpact, modelOf, severityOf, windowRows, type Home, type ImpactChange } from "./models";
import * as q from "./queries";
import { removeUpdate, rewriteUpdate, updateRow, writeUpdate } from "./updates";
import type { ComponentImpactInput, ImpactWindowInput, IncidentUpdateInput } from "./types";

/*
 * The one writer of incidents, their updates and impacts, for both APIs, the automation and checks. Callers
 * describe an incident without naming a version; how it is stored is chosen once (models.ts). Every verb runs in
 * the caller's transaction and adds the pages it touched to `w.pages`; `write` refreshes them after the commit.
 */

export interface Write {
  trx: Db;
  pages: string[];
}

export type { Home };

/** An incident as its caller means it: what it does to each component now, and its first update. */
export interface IncidentDescription {
  name: string;
  impacts: readonly ComponentImpactInput[];
  /** a severity said by the caller; else that of its worst impact */
  severity?: Severity;
  update: IncidentUpdateInput;
}

/** Runs writes in one transaction, then refreshes the pages they touched. */
export async function write<T>(db: Db, run: (w: Write) => Promise<T>): Promise<T> {
  const pages: string[] = [];
  const result = await db.transaction().execute((trx) => run({ trx, pages }));
  await invalidatePages([...new Set(pages)]);
  return result;
}

/**
 * Every write that may change components' status runs through here with those components, before and after: their
 * status flips are queued and their stored uptime strips go stale (lib/uptime/strips.ts). The versions are bumped
 * last, after the write has locked its incident row, so writers take the locks in one order.
 */
async function componentsWrite<T>(trx: Db, componentIds: readonly string[], run: () => Promise<T>, ref?: string): Promise<T> {
  const result = await enqueueComponentUpdates(trx, { componentIds: [...componentIds], ref }, run);
  await historyChanged(trx, { componentIds });
  return result;
}

async function notify(trx: Db, incident: Pick<Incident, "id" | "status_page_id">, update: IncidentUpdate, componentIds: readonly string[]): Promise<void> {
  // A page's incident is news there even when it names no component.
  if (update.notify_subscribers) await enqueueIncidentUpdate(trx, { incidentId: incident.id, updateId: update.id, serviceIds: [...componentIds], pageId: incident.status_page_id });
}

/** The incident, its impact (from the first update's public time) and its first update, together or not at all. */
export async function openIncident(w: Write, home: Home, id: string, description: IncidentDescription, actor?: Actor): Promise<void> {
  const { trx } = w;
  const model = modelOf(home);
  assertDistinctComponents(description.impacts);
  await model.check(trx, home, description.impacts);
  const at = Date.now();
  const update = updateRow(id, description.update, description.update.status ?? "INVESTIGATING", at, actor);
  const derived = deriveFromUpdates([update]);
  const componentIds = [...new Set(description.impacts.filter((c) => isImpact(c.status)).map((c) => c.componentId))];
  await componentsWrite(
    trx,
    componentIds,
    async () => {
      await q.insertIncident(trx, {
        id,
        account_id: home.accountId,
        status_page_id: home.pageId,
        name: description.name,
        severity: description.severity ?? severityOf(description.impacts),
        ...impactActor(actor),
        humans_since: isHuman(actor) ? at : null,
        ...derived,
        created_at: at,
        updated_at: at,
      });
      await model.open(trx, id, description.impacts, derived.started_at, actor, at);
      await q.insertUpdate(trx, update);
      await model.settle(trx, id, derived, actor);
    },
    update.id,
  );
  await notify(trx, { id, status_page_id: home.pageId }, update, componentIds);
  w.pages.push(...(await model.pages(trx, home, componentIds)));
}

/** Renames, and with `impacts` or `severity` changes what the incident does now. */
export async function changeIncident(w: Write, incident: Incident, change: ImpactChange & { name?: string }, actor?: Actor): Promise<void> {
  const { trx } = w;
  const home = homeOf(incident);
  const model = modelOf(home);
  const at = Date.now();
  // Writing the incident row first takes its lock: a concurrent resolution is then seen, never raced.
  await q.updateIncidentRow(trx, incident.id, { name: change.name, updated_at: at });
  if (isHuman(actor)) await q.markHumans(trx, incident.id, at);
  if (change.impacts) {
    assertDistinctComponents(change.impacts);
    await model.check(trx, home, change.impacts);
  }
  const touched = [...(await model.componentIds(trx, incident.id)), ...(change.impacts ?? []).map((c) => c.componentId)];
  if (change.impacts || change.severity) await componentsWrite(trx, touched, () => model.set(trx, incident.id, change, at, actor));
  w.pages.push(...(await model.pages(trx, home, touched)));
}

/** Worsens these components' impact, the others kept (the automation: a failure joining an open incident). */
export async function raiseImpacts(w: Write, incident: Incident, raise: readonly ComponentImpactInput[], actor: Actor, severity?: Severity): Promise<void> {
  const { trx } = w;
  const home = homeOf(incident);
  const model = modelOf(home);
  await model.check(trx, home, raise);
  const touched = [...new Set([...(await model.componentIds(trx, incident.id)), ...raise.map((r) => r.componentId)])];
  await componentsWrite(trx, touched, () => model.raise(trx, home, incident.id, raise, actor, severity));
  w.pages.push(...(await model.pages(trx, home, touched)));
}

/** Replaces the whole history of a page's incident's windows (corrections after the fact). */
export async function replaceImpactHistory(w: Write, incident: Incident, windows: readonly ImpactWindowInput[], actor: Actor): Promise<void> {
  const { trx } = w;
  const home = homeOf(incident);
  const model = modelOf(home);
  const at = Date.now();
  // The row lock first (see changeIncident), then whether the incident is resolved.
  await q.updateIncidentRow(trx, incident.id, { updated_at: at });
  if (isHuman(actor)) await q.markHumans(trx, incident.id, at);
  const now = await q.findIncidentById(trx, incident.id);
  if (!now) throw new NotFoundError("Incident not found");
  checkWindows(windows, now.resolved_at, at);
  await model.check(trx, home, windows);
  const touched = [...(await model.componentIds(trx, incident.id)), ...windows.map((x) => x.componentId)];
  await componentsWrite(trx, touched, async () => {
    await q.deleteImpacts(trx, incident.id);
    await q.insertImpacts(trx, windowRows(incident.id, windows, actor, at));
    await impactsChanged(trx, incident.id, actor);
  });
  w.pages.push(...(await model.pages(trx, home, touched)));
}

export async function deleteIncident(w: Write, incident: Incident): Promise<void> {
  const { trx } = w;
  const home = homeOf(incident);
  const model = modelOf(home);
  const componentIds = await model.componentIds(trx, incident.id);
  // Read before the rows that name them go with the incident.
  w.pages.push(...(await model.pages(trx, home, componentIds)));
  await componentsWrite(trx, componentIds, () => q.deleteIncidentRow(trx, incident.account_id, incident.id));
}

/** A new update; its status defaults to the incident's current one. A resolution ends what is still open; a later non-resolved update reopens the incident. */
export async function postUpdate(w: Write, incident: Incident, input: IncidentUpdateInput, actor?: Actor): Promise<IncidentUpdate> {
  const { trx } = w;
  const home = homeOf(incident);
  const model = modelOf(home);
  const componentIds = await model.componentIds(trx, incident.id);
  const row = await componentsWrite(trx, componentIds, async () => {
    const { row, derived } = await writeUpdate(trx, incident, input, actor);
    await model.settle(trx, incident.id, derived, actor);
    return row;
  });
  await notify(trx, incident, row, componentIds);
  w.pages.push(...(await model.pages(trx, home, componentIds)));
  return row;
}

/** Editing never notifies again; an edit that resolves the incident ends what is open as posting would. */
export async function editUpdate(w: Write, incident: Incident, existing: IncidentUpdate, input: IncidentUpdateInput, actor?: Actor): Promise<void> {
  const { trx } = w;
  const home = homeOf(incident);
  const model = modelOf(home);
  const componentIds = await model.componentIds(trx, incident.id);
  await componentsWrite(trx, componentIds, async () => model.settle(trx, incident.id, await rewriteUpdate(trx, existing, input, actor), actor));
  w.pages.push(...(await model.pages(trx, home, componentIds)));
}

/** The last remaining update cannot go: `lastOne` is how the caller's API refuses. */
export async function deleteUpdate(w: Write, incident: Incident, updateId: string, lastOne: (message: string) => AppError, actor?: Actor): Promise<void> {
  const { trx } = w;
  const home = homeOf(incident);
  const model = modelOf(home);
  const componentIds = await model.componentIds(trx, incident.id);
  await componentsWrite(trx, componentIds, async () => model.settle(trx, incident.id, await removeUpdate(trx, incident.id, updateId, lastOne, actor), actor));
  w.pages.push(...(await model.pages(trx, home, componentIds)));
}

/** What an open incident does to each component now (the automation's view of it). */
export async function shownImpacts(trx: Db, incident: Incident) {
  return modelOf(homeOf(incident)).shown(trx, incident);
}

/** The pages showing these components of a home. */
export async function pagesShowing(trx: Db, home: Home, componentIds: readonly string[]): Promise<string[]> {
  return modelOf(home).pages(trx, home, componentIds);
}

/** Of these components, those an open incident in the hands of humans affects. */
export async function humanOwned(trx: Db, home: Home, componentIds: readonly string[]): Promise<string[]> {
  return modelOf(home).humanOwned(trx, home, componentIds);
}
