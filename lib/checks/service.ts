import "server-only";
import { randomUUID } from "node:crypto";
import { assertRoomFor } from "@/lib/accounts/limits";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { fromJson, toJson } from "@/lib/db/json";
import type { AutomationRule, CheckGroup, CheckRow } from "@/lib/db/types";
import { NotFoundError, ValidationError } from "@/lib/errors";
import { invalidFields, type FieldIssue } from "@/lib/http/validate";
import { isServedLocation, servedLocations } from "@/lib/locations/served";
import { findServicesByIds } from "@/lib/services/queries";
import { findCheckTrigger, deleteRuleRow } from "@/lib/automation/queries";
import { deleteCheckTrigger, getCheckTriggerOrThrow, putCheckTrigger, type CheckTriggerBody } from "@/lib/automation/service";
import { getIntegrationOrThrow } from "@/lib/integrations/service";
import { retireCheck } from "@/lib/alerting/retire";
import { findAccountGroup, findGroupsByIds } from "@/lib/check-groups/queries";
import { nextSlotAfter, offsetProblem, spreadOffset } from "./frequency";
import { alertSettingsOf, requestOf, RESPONSE_TIMES, retryStrategyOf, urlOf } from "./defaults";
import * as q from "./queries";
import type { CheckInput, ListChecksFilter, RunCheckType } from "./schema";
import { serializeCheck, type ApiVersion } from "./serialize";
import { variableRows } from "./variables";

/*
 * The verbs of checks: create, update, read, list, delete. A check's definition is stored whole (defaults filled), its
 * schedule slot kept in step (next_run_at), its triggerIncident mirrored into the automation rule of kind CHECK.
 */

type Wire = Record<string, unknown>;
export interface Actor {
  accountId: string;
  apiKeyId: string | null;
}

/** Fields that live in columns or tables of their own, not in the definition JSON. */
const COLUMNS = new Set(["id", "name", "checkType", "activated", "muted", "frequency", "frequencyOffset", "groupId", "groupOrder", "environmentVariables", "created_at", "updated_at"]);
/** The vendor's generic leftovers on some bodies, accepted and not kept. */
const IGNORED = new Set(["script", "scriptPath", "sslCheckDomain"]);
/** Frequency 0 (10/20/30-second runs) is for API and TCP checks (§1.4); heartbeats are pinged, never run. */
const SUB_MINUTE = new Set<RunCheckType>(["API", "TCP", "HEARTBEAT"]);

export async function getCheckOrThrow(db: Db, accountId: string, id: string): Promise<CheckRow> {
  const row = await q.findAccountCheck(db, accountId, id);
  if (!row) throw new NotFoundError("Check not found");
  return row;
}

async function groupsOf(db: Db, rows: readonly CheckRow[]): Promise<Map<number, CheckGroup>> {
  const ids = rows.flatMap((r) => (r.group_id === null ? [] : [r.group_id]));
  return new Map((await findGroupsByIds(db, ids)).map((g) => [g.id, g]));
}

/** Rows to wire shapes, with their variables (and their groups' settings when asked). */
export async function serializeChecks(db: Db, rows: readonly CheckRow[], version: ApiVersion, applyGroupSettings = false): Promise<Wire[]> {
  const groups = applyGroupSettings ? await groupsOf(db, rows) : new Map<number, CheckGroup>();
  const vars = await q.listVariables(db, { checkIds: rows.map((r) => r.id), groupIds: [...groups.keys()] });
  return rows.map((row) => {
    const group = row.group_id === null ? null : (groups.get(row.group_id) ?? null);
    return serializeCheck(
      row,
      vars.filter((v) => v.check_id === row.id),
      { version, group, groupVariables: group ? vars.filter((v) => v.group_id === group.id) : [] },
    );
  });
}

export async function readCheck(db: Db, accountId: string, id: string, version: ApiVersion, applyGroupSettings = false): Promise<Wire> {
  return (await serializeChecks(db, [await getCheckOrThrow(db, accountId, id)], version, applyGroupSettings))[0];
}

export async function listChecks(db: Db, accountId: string, query: ListChecksFilter, version: ApiVersion): Promise<{ entries: Wire[]; first: number; total: number }> {
  const page = query.page ?? 1;
  const limit = query.limit ?? 10;
  const filter = { tags: query.tag, checkType: query.checkType, search: query.search, status: query.status, urlPattern: query.apiCheckUrlFilterPattern };
  const { rows, total } = await q.listAccountChecks(db, accountId, filter, page, limit);
  return { entries: await serializeChecks(db, rows, version, query.applyGroupSettings ?? false), first: (page - 1) * limit, total };
}

/** The stored definition and columns of a check, from a complete (merged) input. */
function definitionOf(type: RunCheckType, input: Wire): Wire {
  const def: Wire = {};
  for (const [k, v] of Object.entries(input)) if (!COLUMNS.has(k) && !IGNORED.has(k) && v !== undefined) def[k] = v;
  if (type !== "HEARTBEAT") delete def.heartbeat;
  else {
    const hb = input.heartbeat as Wire;
    def.heartbeat = { period: hb.period, periodUnit: hb.periodUnit, grace: hb.grace, graceUnit: hb.graceUnit };
    for (const k of ["doubleCheck", "retryStrategy", "privateLocations"]) delete def[k];
  }
  if (type !== "API") for (const k of ["setupSnippetId", "tearDownSnippetId", "localSetupScript", "localTearDownScript"]) delete def[k];
  def.request = requestOf(type, input.request as Wire | null);
  def.alertSettings = input.alertSettings === null && input.useGlobalAlertSettings !== false ? null : alertSettingsOf(input.alertSettings as Wire | null);
  def.retryStrategy = type === "HEARTBEAT" ? undefined : retryStrategyOf(input.retryStrategy as Wire | null);
  return def;
}

/** Every check of the same stored shape: what a create starts from before the body is laid over it. */
function defaultsOf(type: RunCheckType): Wire {
  return {
    activated: true,
    muted: false,
    ...(type === "HEARTBEAT" ? {} : { doubleCheck: true, privateLocations: null, retryStrategy: null }),
    shouldFail: false,
    locations: [],
    tags: [],
    alertSettings: null,
    useGlobalAlertSettings: true,
    groupId: null,
    groupOrder: null,
    runtimeId: null,
    alertChannelSubscriptions: [],
    triggerIncident: null,
    runParallel: false,
    description: null,
    intent: null,
    aiAutoRepairEnabled: null,
    frequency: 10,
    environmentVariables: [],
    ...RESPONSE_TIMES[type],
    ...(type === "ICMP" ? { degradedPacketLossThreshold: 10, maxPacketLossThreshold: 20 } : {}),
    ...(type === "API" ? { setupSnippetId: null, tearDownSnippetId: null, localSetupScript: null, localTearDownScript: null } : {}),
  };
}

/** What zod cannot check alone: the frequency rule, thresholds in order, locations served, a group and service of this account. */
async function problems(db: Db, accountId: string, type: RunCheckType, merged: Wire, sent: Wire): Promise<FieldIssue[]> {
  const issues: FieldIssue[] = [];
  const frequency = merged.frequency as number;
  if (frequency === 0 && !SUB_MINUTE.has(type)) issues.push({ path: "frequency", message: "0 (runs every 10, 20 or 30 seconds) is for API and TCP checks only" });
  else if (sent.frequencyOffset !== undefined) {
    const why = offsetProblem(frequency, merged.frequencyOffset as number);
    if (why) issues.push({ path: "frequencyOffset", message: why });
  }
  const dLoss = merged.degradedPacketLossThreshold as number | null | undefined;
  const mLoss = merged.maxPacketLossThreshold as number | null | undefined;
  if (typeof dLoss === "number" && typeof mLoss === "number" && mLoss < dLoss) issues.push({ path: "maxPacketLossThreshold", message: "must be at least degradedPacketLossThreshold" });
  const dTime = merged.degradedResponseTime as number | null | undefined;
  const mTime = merged.maxResponseTime as number | null | undefined;
  if (typeof dTime === "number" && typeof mTime === "number" && mTime < dTime) issues.push({ path: "maxResponseTime", message: "must be at least degradedResponseTime" });
  const served = servedLocations().map((l) => l.region).join(", ");
  ((merged.locations as string[] | null) ?? []).forEach((code, i) => {
    if (!isServedLocation(code)) issues.push({ path: `locations.${i}`, message: `${code} is not served by this installation (it serves ${served})` });
  });
  ((merged.privateLocations as string[] | null | undefined) ?? []).forEach((slug, i) => issues.push({ path: `privateLocations.${i}`, message: `no private location named ${slug} in this account` }));
  if (typeof merged.groupId === "number" && !(await findAccountGroup(db, accountId, merged.groupId))) issues.push({ path: "groupId", message: "must be a check group of this account" });
  const trigger = merged.triggerIncident as { serviceId: string } | null;
  if (trigger && (await findServicesByIds(db, accountId, [trigger.serviceId])).length === 0) issues.push({ path: "triggerIncident.serviceId", message: "must be a service of this account" });
  return issues;
}

/** The CHECK automation rule follows triggerIncident: written with it, removed when it is null. */
async function syncTrigger(trx: Db, accountId: string, checkId: string, trigger: Wire | null): Promise<void> {
  if (trigger) {
    const t = trigger as { serviceId: string; name: string; description: string; notifySubscribers: boolean; severity: CheckTriggerBody["severity"] };
    await putCheckTrigger(trx, accountId, checkId, { serviceId: t.serviceId, name: t.name, description: t.description, notifySubscribers: t.notifySubscribers, severity: t.severity });
    return;
  }
  const rule = await findCheckTrigger(trx, accountId, checkId);
  if (rule) await deleteRuleRow(trx, rule.id);
}

function rowColumns(type: RunCheckType, merged: Wire, def: Wire, at: number) {
  return {
    name: merged.name as string,
    activated: merged.activated ? (1 as const) : (0 as const),
    muted: merged.muted ? (1 as const) : (0 as const),
    frequency: merged.frequency as number,
    frequency_offset: merged.frequencyOffset as number,
    group_id: (merged.groupId as number | null) ?? null,
    group_order: (merged.groupOrder as number | null) ?? null,
    definition: toJson(def),
    url: urlOf(type, def.request as Wire | null),
    updated_at: at,
  };
}

/** The next slot of an active check that runs (a heartbeat is pinged, not run); null otherwise. */
const nextRun = (type: RunCheckType, merged: Wire, at: number) =>
  merged.activated && type !== "HEARTBEAT" ? nextSlotAfter(merged.frequency as number, merged.frequencyOffset as number, at) : null;

export async function createCheck(db: Db, actor: Actor, type: RunCheckType, body: CheckInput, version: ApiVersion = 1): Promise<Wire> {
  const id = newId();
  const sent = body as Wire;
  const merged: Wire = { ...defaultsOf(type), ...sent, checkType: type };
  merged.frequencyOffset ??= spreadOffset(merged.frequency as number, id);
  const issues = await problems(db, actor.accountId, type, merged, sent);
  if (issues.length > 0) throw invalidFields(issues);
  const def = definitionOf(type, merged);
  const at = Date.now();
  const vars = (merged.environmentVariables as { key: string; value: string | null }[] | null) ?? [];
  await db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, actor.accountId, "CHECKS");
    if (vars.length > 0) await assertRoomFor(trx, actor.accountId, "CHECK_VARIABLES", vars.length);
    await q.insertCheck(trx, {
      id,
      account_id: actor.accountId,
      check_type: type,
      ...rowColumns(type, merged, def, at),
      ping_token: type === "HEARTBEAT" ? randomUUID() : null,
      created_by_key_id: actor.apiKeyId,
      next_run_at: nextRun(type, merged, at),
      created_at: at,
    });
    await q.replaceTags(trx, actor.accountId, id, merged.tags as string[]);
    await q.replaceVariables(trx, { checkId: id }, variableRows(actor.accountId, { checkId: id }, vars, [], at));
    if (merged.triggerIncident) await syncTrigger(trx, actor.accountId, id, merged.triggerIncident as Wire);
  });
  return readCheck(db, actor.accountId, id, version);
}

/** PUT merges: a field left out keeps its value; an object sent (request, alertSettings …) replaces the stored one. */
export async function updateCheck(db: Db, actor: Actor, type: RunCheckType, id: string, body: CheckInput, version: ApiVersion = 1): Promise<Wire> {
  const row = await getCheckOrThrow(db, actor.accountId, id);
  if (row.check_type !== type) throw new NotFoundError(`No ${type} check with this id (it is a ${row.check_type} check)`);
  const sent = body as Wire;
  const before: Wire = { ...(fromJson<Wire>(row.definition) ?? {}), name: row.name, activated: Number(row.activated) === 1, muted: Number(row.muted) === 1, frequency: row.frequency, frequencyOffset: row.frequency_offset, groupId: row.group_id, groupOrder: row.group_order };
  if (type === "HEARTBEAT" && sent.heartbeat === undefined) delete sent.heartbeat;
  const merged: Wire = { ...before, ...Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== undefined)), checkType: type };
  // A new frequency the old offset does not fit gets a spread offset, as a create without one does.
  if (sent.frequencyOffset === undefined && offsetProblem(merged.frequency as number, merged.frequencyOffset as number)) merged.frequencyOffset = spreadOffset(merged.frequency as number, id);
  const issues = await problems(db, actor.accountId, type, merged, sent);
  if (issues.length > 0) throw invalidFields(issues);
  const def = definitionOf(type, merged);
  const at = Date.now();
  const scheduleChanged = merged.activated !== before.activated || merged.frequency !== before.frequency || merged.frequencyOffset !== before.frequencyOffset;
  const deactivated = before.activated === true && merged.activated === false;
  if (deactivated) await retireCheck(db, actor.accountId, id, "deactivated");
  await db.transaction().execute(async (trx) => {
    await q.updateCheckRow(trx, id, { ...rowColumns(type, merged, def, at), ...(scheduleChanged ? { next_run_at: nextRun(type, merged, at) } : {}) });
    if (sent.tags !== undefined) await q.replaceTags(trx, actor.accountId, id, merged.tags as string[]);
    if (sent.environmentVariables !== undefined) {
      const vars = (sent.environmentVariables as { key: string; value: string | null }[] | null) ?? [];
      const existing = await q.listVariables(trx, { checkIds: [id] });
      await q.replaceVariables(trx, { checkId: id }, []);
      if (vars.length > 0) await assertRoomFor(trx, actor.accountId, "CHECK_VARIABLES", vars.length);
      await q.replaceVariables(trx, { checkId: id }, variableRows(actor.accountId, { checkId: id }, vars, existing, at));
    }
    if (sent.triggerIncident !== undefined) await syncTrigger(trx, actor.accountId, id, merged.triggerIncident as Wire | null);
  });
  return readCheck(db, actor.accountId, id, version);
}

/** Removes the check with its results and statuses; the incident it opened is resolved first (retireCheck). */
export async function deleteCheck(db: Db, accountId: string, id: string): Promise<void> {
  const row = await getCheckOrThrow(db, accountId, id);
  await retireCheck(db, accountId, row.id, "deleted");
  await db.transaction().execute(async (trx) => {
    await syncTrigger(trx, accountId, row.id, null);
    await q.deleteCheckDependents(trx, row.id);
    if ((await q.deleteCheckRow(trx, accountId, row.id)) === 0) throw new NotFoundError("Check not found");
  });
}

/*
 * Triggers of checks an outside monitoring tool runs, reached through one of the account's checkly integrations: the
 * rule of kind CHECK keyed by the tool's check id, account-wide as before. Heliograph's own checks carry triggerIncident.
 */
async function assertChecklyIntegration(db: Db, accountId: string, integrationId: string): Promise<void> {
  const integration = await getIntegrationOrThrow(db, accountId, integrationId);
  if (integration.type !== "checkly") throw new ValidationError(`Integration ${integrationId} speaks the ${integration.type} format; check triggers belong to checkly integrations`, { fields: ["id"] });
}

export async function getOutsideCheckTrigger(db: Db, accountId: string, integrationId: string, checkId: string): Promise<AutomationRule> {
  await assertChecklyIntegration(db, accountId, integrationId);
  return getCheckTriggerOrThrow(db, accountId, checkId);
}

export async function putOutsideCheckTrigger(db: Db, accountId: string, integrationId: string, checkId: string, input: CheckTriggerBody): Promise<AutomationRule> {
  await assertChecklyIntegration(db, accountId, integrationId);
  return putCheckTrigger(db, accountId, checkId, input);
}

export async function deleteOutsideCheckTrigger(db: Db, accountId: string, integrationId: string, checkId: string): Promise<void> {
  await assertChecklyIntegration(db, accountId, integrationId);
  await deleteCheckTrigger(db, accountId, checkId);
}
