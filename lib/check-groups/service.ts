import "server-only";
import { assertRoomFor } from "@/lib/accounts/limits";
import type { Db } from "@/lib/db";
import { toJson } from "@/lib/db/json";
import type { CheckGroup } from "@/lib/db/types";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { invalidFields, type FieldIssue } from "@/lib/http/validate";
import { isServedLocation, servedLocations } from "@/lib/locations/served";
import { alertSettingsOf, retryStrategyOf } from "@/lib/checks/defaults";
import { countGroupChecks, findAccountCheck, listGroupChecks, listVariables, replaceVariables } from "@/lib/checks/queries";
import { serializeChecks } from "@/lib/checks/service";
import { variableRows } from "@/lib/checks/variables";
import * as q from "./queries";
import type { CheckGroupBody } from "./schema";
import { serializeGroup } from "./serialize";

/*
 * The verbs of check groups (V2). PUT replaces the whole group; a group holding checks cannot be deleted (409).
 * Its settings reach its checks when they are read with applyGroupSettings and when the engine runs them (effective.ts).
 */

type Wire = Record<string, unknown>;

export async function getGroupOrThrow(db: Db, accountId: string, id: number): Promise<CheckGroup> {
  const row = await q.findAccountGroup(db, accountId, id);
  if (!row) throw new NotFoundError("Check group not found");
  return row;
}

export async function readGroup(db: Db, accountId: string, id: number, version: 1 | 2): Promise<Wire> {
  const row = await getGroupOrThrow(db, accountId, id);
  return serializeGroup(row, await listVariables(db, { groupIds: [row.id] }), version);
}

export async function listGroups(db: Db, accountId: string, query: { page?: number; limit?: number; tag?: string[]; name?: string[] }): Promise<{ entries: Wire[]; first: number; total: number }> {
  const page = query.page ?? 1;
  const limit = query.limit ?? 10;
  const { rows, total } = await q.listAccountGroups(db, accountId, { tags: query.tag, names: query.name }, page, limit);
  const vars = await listVariables(db, { groupIds: rows.map((r) => r.id) });
  return { entries: rows.map((r) => serializeGroup(r, vars.filter((v) => v.group_id === r.id), 1)), first: (page - 1) * limit, total };
}

/** The group's checks, its settings applied (the vendor's "checks with the group settings applied"). */
export async function listChecksOfGroup(db: Db, accountId: string, id: number, page = 1, limit = 10): Promise<{ entries: Wire[]; first: number; total: number }> {
  const group = await getGroupOrThrow(db, accountId, id);
  const { rows, total } = await listGroupChecks(db, group.id, page, limit);
  return { entries: await serializeChecks(db, rows, 1, true), first: (page - 1) * limit, total };
}

/** One check of the group, its settings applied; a check of the account outside this group is not found here. */
export async function readCheckOfGroup(db: Db, accountId: string, id: number, checkId: string): Promise<Wire> {
  const group = await getGroupOrThrow(db, accountId, id);
  const row = await findAccountCheck(db, accountId, checkId);
  if (!row || row.group_id !== group.id) throw new NotFoundError("No check with this id in this check group");
  return (await serializeChecks(db, [row], 1, true))[0];
}

function problems(input: CheckGroupBody): FieldIssue[] {
  const served = servedLocations().map((l) => l.region).join(", ");
  const issues: FieldIssue[] = [];
  (input.locations ?? []).forEach((code, i) => {
    if (!isServedLocation(code)) issues.push({ path: `locations.${i}`, message: `${code} is not served by this installation (it serves ${served})` });
  });
  (input.privateLocations ?? []).forEach((slug, i) => issues.push({ path: `privateLocations.${i}`, message: `no private location named ${slug} in this account` }));
  return issues;
}

/** Columns and definition of a whole group; V2 defaults: null (and "FALLBACK") leave each check its own setting. */
function columns(input: CheckGroupBody, at: number) {
  const d = input.apiCheckDefaults ?? {};
  const retry = input.retryStrategy === undefined ? "FALLBACK" : input.retryStrategy === "FALLBACK" ? "FALLBACK" : retryStrategyOf(input.retryStrategy);
  const definition = {
    apiCheckDefaults: {
      url: d.url ?? "",
      headers: (d.headers ?? []).map((h) => ({ key: h.key, value: h.value ?? "", locked: h.locked ?? false })),
      queryParameters: (d.queryParameters ?? []).map((h) => ({ key: h.key, value: h.value ?? "", locked: h.locked ?? false })),
      assertions: (d.assertions ?? []).map((a) => ({ source: a.source, comparison: a.comparison, property: a.property ?? "", target: a.target ?? "", regex: a.regex ?? null })),
      basicAuth: d.basicAuth ?? null,
    },
    ...(input.browserCheckDefaults === undefined ? {} : { browserCheckDefaults: input.browserCheckDefaults }),
    runtimeId: input.runtimeId ?? null,
    alertChannelSubscriptions: (input.alertChannelSubscriptions ?? []).map((s) => ({ alertChannelId: s.alertChannelId, activated: s.activated ?? true })),
    setupSnippetId: input.setupSnippetId ?? null,
    tearDownSnippetId: input.tearDownSnippetId ?? null,
    localSetupScript: input.localSetupScript ?? null,
    localTearDownScript: input.localTearDownScript ?? null,
    privateLocations: input.privateLocations ?? null,
    runParallel: input.runParallel ?? null,
    alertSettings: input.alertSettings ? alertSettingsOf(input.alertSettings) : null,
    retryStrategy: retry,
    useGlobalAlertSettings: input.useGlobalAlertSettings ?? null,
    doubleCheck: input.doubleCheck ?? false,
  };
  return {
    name: input.name,
    activated: input.activated === false ? (0 as const) : (1 as const),
    muted: input.muted ? (1 as const) : (0 as const),
    tags: toJson([...new Set(input.tags ?? [])]),
    locations: toJson(input.locations ?? []),
    concurrency: input.concurrency ?? 3,
    definition: toJson(definition),
    updated_at: at,
  };
}

async function writeVariables(trx: Db, accountId: string, groupId: number, input: CheckGroupBody, at: number): Promise<void> {
  const existing = await listVariables(trx, { groupIds: [groupId] });
  const secret = new Set(existing.filter((v) => Number(v.secret) === 1).map((v) => v.key));
  // Reads answer a secret as "": sent back unchanged, it keeps its stored value.
  const vars = (input.environmentVariables ?? []).map((v) => (secret.has(v.key) && (v.value === "" || v.value === null) ? { ...v, value: null } : v));
  await replaceVariables(trx, { groupId }, []);
  if (vars.length > 0) await assertRoomFor(trx, accountId, "CHECK_VARIABLES", vars.length);
  await replaceVariables(trx, { groupId }, variableRows(accountId, { groupId }, vars, existing, at));
}

export async function createGroup(db: Db, accountId: string, input: CheckGroupBody): Promise<Wire> {
  const issues = problems(input);
  if (issues.length > 0) throw invalidFields(issues);
  const at = Date.now();
  const id = await db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, accountId, "CHECK_GROUPS");
    const groupId = await q.insertGroup(trx, { account_id: accountId, ...columns(input, at), created_at: at });
    await writeVariables(trx, accountId, groupId, input, at);
    return groupId;
  });
  return readGroup(db, accountId, id, 2);
}

export async function replaceGroup(db: Db, accountId: string, id: number, input: CheckGroupBody): Promise<Wire> {
  const group = await getGroupOrThrow(db, accountId, id);
  const issues = problems(input);
  if (issues.length > 0) throw invalidFields(issues);
  const at = Date.now();
  await db.transaction().execute(async (trx) => {
    await q.updateGroupRow(trx, group.id, columns(input, at));
    if (input.environmentVariables !== undefined) await writeVariables(trx, accountId, group.id, input, at);
  });
  return readGroup(db, accountId, group.id, 2);
}

export async function deleteGroup(db: Db, accountId: string, id: number): Promise<void> {
  const group = await getGroupOrThrow(db, accountId, id);
  await db.transaction().execute(async (trx) => {
    const held = await countGroupChecks(trx, group.id);
    if (held > 0) throw new ConflictError(`The check group still holds ${held} check${held === 1 ? "" : "s"}: move or delete them first`, { checks: held });
    await q.deleteGroupRow(trx, group.id);
  });
}
