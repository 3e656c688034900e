/**
 * Checks and results written straight into the store (kysely), for alerting's tests while the checks engineer's
 * effectiveCheck and the scheduler's result recording are elsewhere: a check row with tags, the EffectiveCheck
 * alerting reads, and FINAL results as the scheduler stores them.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import type { CheckResultRow, CheckRow } from "@/lib/db/types";
import type { AlertSettings, EffectiveCheck } from "@/lib/checks/types";
import { DEFAULT_ALERT_SETTINGS } from "@/lib/alerting/state";

export interface CheckSpec {
  name?: string;
  type?: CheckRow["check_type"];
  tags?: string[];
  muted?: boolean;
  activated?: boolean;
  alertSettings?: AlertSettings;
  pingToken?: string | null;
  createdByKeyId?: string | null;
  definition?: Record<string, unknown>;
}

export async function insertCheck(db: Db, accountId: string, spec: CheckSpec = {}): Promise<EffectiveCheck> {
  const now = Date.now();
  const row: CheckRow = {
    id: randomUUID(),
    account_id: accountId,
    check_type: spec.type ?? "API",
    name: spec.name ?? "Checkout API",
    activated: spec.activated === false ? 0 : 1,
    muted: spec.muted ? 1 : 0,
    frequency: 1,
    frequency_offset: 0,
    group_id: null,
    group_order: null,
    definition: JSON.stringify(spec.definition ?? {}),
    url: null,
    ping_token: spec.pingToken ?? null,
    created_by_key_id: spec.createdByKeyId ?? null,
    next_run_at: null,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto("checks").values(row).execute();
  const tags = spec.tags ?? [];
  if (tags.length > 0) await db.insertInto("check_tags").values(tags.map((tag) => ({ check_id: row.id, account_id: accountId, tag }))).execute();
  return {
    row,
    checkType: row.check_type,
    name: row.name,
    activated: row.activated === 1,
    muted: row.muted === 1,
    tags,
    locations: ["eu-central-1"],
    privateLocations: [],
    runParallel: false,
    retryStrategy: null,
    alertSettings: spec.alertSettings ?? DEFAULT_ALERT_SETTINGS,
    triggerIncident: null,
    runnable: null,
    heartbeat: null,
    groupId: null,
  };
}

export interface ResultSpec {
  at: number;
  failed?: boolean;
  errored?: boolean;
  degraded?: boolean;
  location?: string;
  responseTime?: number;
  resultType?: "FINAL" | "ATTEMPT";
  attempt?: number;
  sequenceId?: string;
  detail?: Record<string, unknown> | null;
}

let runSeq = 1;

/** A result row as the scheduler stores it (one FINAL per sequence unless told otherwise). */
export async function insertResult(db: Db, check: EffectiveCheck, spec: ResultSpec): Promise<CheckResultRow> {
  const time = spec.responseTime ?? 120;
  const row: CheckResultRow = {
    id: randomUUID(),
    account_id: check.row.account_id,
    check_id: check.row.id,
    check_type: check.checkType,
    sequence_id: spec.sequenceId ?? randomUUID(),
    attempt: spec.attempt ?? 0,
    result_type: spec.resultType ?? "FINAL",
    run_location: spec.location ?? "eu-central-1",
    check_run_id: Date.now() * 1000 + (runSeq++ % 1000),
    started_at: spec.at,
    stopped_at: spec.at + time,
    response_time: time,
    has_failures: spec.failed || spec.errored ? 1 : 0,
    has_errors: spec.errored ? 1 : 0,
    is_degraded: spec.degraded ? 1 : 0,
    over_max_response_time: 0,
    detail: spec.detail === null ? null : JSON.stringify(spec.detail ?? {}),
    created_at: spec.at + time,
  };
  await db.insertInto("check_results").values(row).execute();
  return row;
}
