import { sql, type Kysely } from "kysely";
import { log } from "@/lib/log";

/*
 * Paths the server now answers itself (ops endpoints, the /v2 /v3 /next APIs, alert ingest, the operator console): a
 * release-0.1 page with one as its slug would be shadowed, so it becomes "<slug>-page" (then -2, -3 …), logged, all
 * else kept. The list is frozen here: a later reservation is a later migration.
 */
const NEWLY_RESERVED = ["readyz", "metrics", "v2", "v3", "next", "ingest", "console", "admin"];

export async function up(db: Kysely<unknown>): Promise<void> {
  const rows = await sql<{ id: string; url: string }>`select id, url from status_pages where url in (${sql.join(NEWLY_RESERVED)})`.execute(db);
  for (const { id, url } of rows.rows) {
    let candidate = `${url}-page`;
    for (let n = 2; (await sql`select 1 from status_pages where url = ${candidate}`.execute(db)).rows.length > 0; n++) candidate = `${url}-page-${n}`;
    await sql`update status_pages set url = ${candidate} where id = ${id}`.execute(db);
    log.warn({ pageId: id, from: url, to: candidate }, `status page /${url} renamed to /${candidate}: /${url} is now reserved by the server`);
  }
}
