/**
 * Checks written straight into the store (kysely) for the scheduler's tests, and the EffectiveCheck each runs as,
 * read from the row's definition JSON (retryStrategy, locations, runParallel, tags, request) the way
 * lib/checks/effective.ts makes it; a scripted run that moves the test's clock; a real loopback HTTP target.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createDb, type Db } from "@/lib/db";
import type { Insertable } from "kysely";
import type { CheckRow, ChecksTable } from "@/lib/db/types";
import type { EffectiveCheck, RetryStrategy } from "@/lib/checks/types";
import type { ApiRequest, RunOutcome } from "@/lib/runners/types";
import { DEFAULT_ALERT_SETTINGS } from "@/lib/alerting/state";
import type { ResolveCheck, RunCheck } from "@/lib/scheduling/types";
import { newAccount } from "../../setup/db";

export const HOME = "eu-central-1";

export interface CheckSpec {
  type?: CheckRow["check_type"];
  frequency?: number;
  offset?: number;
  nextRunAt?: number | null;
  activated?: boolean;
  tags?: string[];
  locations?: string[];
  runParallel?: boolean;
  retryStrategy?: RetryStrategy | null;
  request?: Partial<ApiRequest>;
}

export async function account() {
  return newAccount("Scheduling");
}

export async function insertCheck(db: Db, accountId: string, spec: CheckSpec = {}): Promise<CheckRow> {
  const now = Date.now();
  const definition = {
    tags: spec.tags ?? [],
    locations: spec.locations ?? [],
    runParallel: spec.runParallel ?? false,
    retryStrategy: spec.retryStrategy ?? null,
    request: { method: "GET", url: "http://127.0.0.1:9/", ...spec.request },
  };
  const row: Insertable<ChecksTable> = {
    id: randomUUID(),
    account_id: accountId,
    check_type: spec.type ?? "API",
    name: "Scheduled check",
    activated: spec.activated === false ? 0 : 1,
    muted: 0,
    frequency: spec.frequency ?? 1,
    frequency_offset: spec.offset ?? 1,
    group_id: null,
    group_order: null,
    definition: JSON.stringify(definition),
    ping_token: null,
    created_by_key_id: null,
    next_run_at: spec.nextRunAt === undefined ? null : spec.nextRunAt,
    created_at: now,
    updated_at: now,
  };
  await db.insertInto("checks").values(row).execute();
  const id = row.id;
  if (definition.tags.length > 0) await db.insertInto("check_tags").values(definition.tags.map((tag) => ({ check_id: id, account_id: accountId, tag }))).execute();
  return (await db.selectFrom("checks").selectAll().where("id", "=", id).executeTakeFirstOrThrow()) as CheckRow;
}

/** The EffectiveCheck of a row written by insertCheck. */
export const resolveFromDefinition: ResolveCheck = async (db, listed) => {
  const row = (await db.selectFrom("checks").selectAll().where("id", "=", listed.id).executeTakeFirst()) as CheckRow | undefined;
  if (!row) return null;
  const def = JSON.parse(row.definition) as Required<Omit<CheckSpec, "type" | "frequency" | "offset" | "nextRunAt" | "activated">>;
  return {
    row,
    checkType: row.check_type,
    name: row.name,
    activated: row.activated === 1,
    muted: row.muted === 1,
    tags: def.tags,
    locations: def.locations.length > 0 ? def.locations : [HOME],
    privateLocations: [],
    runParallel: def.runParallel,
    retryStrategy: def.retryStrategy,
    alertSettings: DEFAULT_ALERT_SETTINGS,
    triggerIncident: null,
    runnable: row.check_type === "HEARTBEAT" ? null : { checkType: "API", request: def.request as ApiRequest },
    heartbeat: null,
    groupId: null,
  } satisfies EffectiveCheck;
};

/** A clock the test moves; nothing waits on it. */
export function testClock(start: number) {
  let t = start;
  return { now: () => t, set: (v: number) => void (t = v), advance: (ms: number) => void (t += ms) };
}

export interface Step {
  failed?: boolean;
  networkError?: boolean;
  /** how long the run takes on the test's clock */
  ms?: number;
}

/** A run that answers the scripted steps in order (the last repeats) and moves the clock by each step's time. */
export function scriptedRun(clock: ReturnType<typeof testClock>, steps: Step[]): RunCheck & { calls: number } {
  const fn = Object.assign(
    async (..._args: Parameters<RunCheck>): Promise<RunOutcome> => {
      const step = steps[Math.min(fn.calls, steps.length - 1)] ?? {};
      fn.calls++;
      const startedAt = new Date(clock.now());
      clock.advance(step.ms ?? 0);
      return {
        startedAt, stoppedAt: new Date(clock.now()), responseTime: step.ms ?? 0, hasFailures: !!step.failed, hasErrors: false, isDegraded: false,
        overMaxResponseTime: false, networkError: !!step.networkError, error: step.failed ? "scripted failure" : null,
        apiCheckResult: null, tcpCheckResult: null, dnsCheckResult: null, icmpCheckResult: null,
      };
    },
    { calls: 0 },
  );
  return fn;
}

export const noFinal = async () => undefined;

/** Another instance's connection to this file's store. */
export function secondDb(): Db {
  return createDb({ databaseUrl: process.env.DATABASE_URL, sqlitePath: process.env.HELIOGRAPH_SQLITE_PATH });
}

/** A loopback HTTP target; `hold` keeps requests open until released. */
export async function httpTarget(status = 200) {
  const held: ServerResponse[] = [];
  let holding = false;
  let hits = 0;
  const server = createServer((_req: IncomingMessage, res: ServerResponse) => {
    hits++;
    if (holding) return void held.push(res);
    res.writeHead(status, { "content-type": "text/plain" }).end("ok");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/health`;
  return {
    url,
    hits: () => hits,
    hold: (on: boolean) => void (holding = on),
    close: () => {
      for (const r of held) r.destroy();
      server.closeAllConnections();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

export async function jobsOf(db: Db, checkId: string) {
  return db.selectFrom("check_jobs").selectAll().where("check_id", "=", checkId).orderBy("due_at").orderBy("attempt").execute();
}

export async function resultsOf(db: Db, checkId: string) {
  return db.selectFrom("check_results").selectAll().where("check_id", "=", checkId).orderBy("started_at").orderBy("attempt").execute();
}
