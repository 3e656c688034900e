import type { Db } from "@/lib/db";
import type { CheckResultRow, CheckRow } from "@/lib/db/types";
import type { EffectiveCheck } from "@/lib/checks/types";
import type { RunOptions, RunOutcome, RunnableCheck } from "@/lib/runners/types";

/** The protocol version written on every job (docs/job-protocol.md). */
export const JOB_PROTOCOL_VERSION = 1;

/** A check as the engine runs it (lib/checks/effective.ts); null when it can no longer be read. */
export type ResolveCheck = (db: Db, row: CheckRow) => Promise<EffectiveCheck | null>;
export type RunCheck = (check: RunnableCheck, options: RunOptions) => Promise<RunOutcome>;
/** Called once per stored FINAL result, after its transaction (lib/alerting/final.ts). */
export type OnFinalResult = (db: Db, check: EffectiveCheck, result: CheckResultRow) => Promise<unknown>;
