import { sql, type Kysely } from "kysely";
import { dialectOf } from "../dialects";

/*
 * The runners' job queue and what runs leave behind. A job is one attempt of one scheduled run in one location,
 * claimed with a lease (a runner killed mid-job loses nothing: the job is claimed again after its lease); a result is
 * unique by (sequence, attempt), so a job run twice records once. Result rows stay slim: detail JSON is capped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const uuid = pg ? "uuid" : "text";
  const ms = "bigint";

  await db.schema
    .createTable("check_jobs")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("account_id", uuid, (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("check_id", uuid, (c) => c.notNull().references("checks.id").onDelete("cascade"))
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("sequence_id", uuid, (c) => c.notNull())
    .addColumn("attempt", "integer", (c) => c.notNull())
    // the slot this run belongs to (lag = start − scheduled_at), and when this attempt may start
    .addColumn("scheduled_at", ms, (c) => c.notNull())
    .addColumn("due_at", ms, (c) => c.notNull())
    .addColumn("lease_until", ms)
    .addColumn("lease_owner", "text")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", ms, (c) => c.notNull())
    .addUniqueConstraint("check_jobs_attempt", ["sequence_id", "attempt"])
    .execute();
  await db.schema.createIndex("check_jobs_due").on("check_jobs").columns(["location", "due_at"]).execute();
  await db.schema.createIndex("check_jobs_check").on("check_jobs").columns(["check_id"]).execute();

  await db.schema
    .createTable("check_results")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("account_id", uuid, (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("check_id", uuid, (c) => c.notNull().references("checks.id").onDelete("cascade"))
    .addColumn("check_type", "text", (c) => c.notNull())
    .addColumn("sequence_id", uuid, (c) => c.notNull())
    .addColumn("attempt", "integer", (c) => c.notNull())
    // FINAL or ATTEMPT
    .addColumn("result_type", "text", (c) => c.notNull())
    .addColumn("run_location", "text", (c) => c.notNull())
    .addColumn("check_run_id", ms, (c) => c.notNull())
    .addColumn("started_at", ms, (c) => c.notNull())
    .addColumn("stopped_at", ms, (c) => c.notNull())
    .addColumn("response_time", "integer", (c) => c.notNull())
    .addColumn("has_failures", "integer", (c) => c.notNull())
    .addColumn("has_errors", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_degraded", "integer")
    .addColumn("over_max_response_time", "integer")
    // JSON of the per-type result (apiCheckResult …); the response body only for failing runs and a sample
    .addColumn("detail", "text")
    .addColumn("created_at", ms, (c) => c.notNull())
    .addUniqueConstraint("check_results_attempt", ["sequence_id", "attempt"])
    .execute();
  await db.schema.createIndex("check_results_check").on("check_results").columns(["check_id", "started_at", "id"]).execute();
  await db.schema.createIndex("check_results_age").on("check_results").columns(["created_at"]).execute();
  // hasFailures=true lists: failing runs are rare, so the check's index alone walks thousands of passing rows per page.
  await db.schema.createIndex("check_results_failures").on("check_results").columns(["check_id", "started_at", "id"]).where(sql.ref("has_failures"), "=", 1).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["check_results", "check_jobs"]) await db.schema.dropTable(table).ifExists().execute();
}
