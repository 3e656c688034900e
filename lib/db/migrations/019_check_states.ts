import { sql, type Kysely } from "kysely";
import { log } from "@/lib/log";
import { dialectOf } from "../dialects";

/*
 * One row per check: its latest status (GET /v1/check-statuses) and its one alert state, which the page and the
 * alert channels both follow. Heartbeat events record pings and the period-and-grace transitions. Accounts gain
 * their default alert settings (null: the vendor's defaults).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const uuid = pg ? "uuid" : "text";
  const ms = "bigint";

  await db.schema
    .createTable("check_statuses")
    .addColumn("check_id", uuid, (c) => c.primaryKey().references("checks.id").onDelete("cascade"))
    .addColumn("account_id", uuid, (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("has_failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("has_errors", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_degraded", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("longest_run", "integer")
    .addColumn("shortest_run", "integer")
    .addColumn("last_run_location", "text")
    .addColumn("last_check_run_id", ms)
    .addColumn("last_result_at", ms)
    // the alert state: PASSING, DEGRADED or FAILING, since when, and the FINAL runs that led there
    .addColumn("alert_state", "text", (c) => c.notNull().defaultTo("PASSING"))
    .addColumn("alert_state_since", ms)
    .addColumn("failing_runs", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("degraded_runs", "integer", (c) => c.notNull().defaultTo(0))
    // when the last FINAL run of the current streak failed/degraded first (time-based escalation)
    .addColumn("streak_since", ms)
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("check_statuses_account").on("check_statuses").columns(["account_id"]).execute();

  await db.schema
    .createTable("heartbeat_events")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("account_id", uuid, (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("check_id", uuid, (c) => c.notNull().references("checks.id").onDelete("cascade"))
    // FAILING, EARLY, RECEIVED, GRACE or LATE
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("at", ms, (c) => c.notNull())
    .addColumn("source", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("heartbeat_events_check").on("heartbeat_events").columns(["check_id", "at", "id"]).execute();

  await db.schema.alterTable("accounts").addColumn("alert_settings", "text").execute();
  await renameShadowingPage(db);
}

/** /ping/<token> is now the server's (heartbeat pings): a page slugged "ping" becomes "ping-page", as migration 005 does. */
async function renameShadowingPage(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ id: string; url: string }>`select id, url from status_pages where url = ${"ping"}`.execute(db);
  for (const { id, url } of rows.rows) {
    let candidate = `${url}-page`;
    for (let n = 2; (await sql`select 1 from status_pages where url = ${candidate}`.execute(db)).rows.length > 0; n++) candidate = `${url}-page-${n}`;
    await sql`update status_pages set url = ${candidate} where id = ${id}`.execute(db);
    log.warn({ pageId: id, from: url, to: candidate }, `status page /${url} renamed to /${candidate}: /${url} is now reserved by the server`);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("accounts").dropColumn("alert_settings").execute();
  for (const table of ["heartbeat_events", "check_statuses"]) await db.schema.dropTable(table).ifExists().execute();
}
