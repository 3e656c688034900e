import { sql, type Kysely } from "kysely";

/*
 * A resolved incident's impact windows end at its resolution: earlier releases kept an endedAt set in the future
 * (or a window left open), so a page showed an outage for years with no incident open. Strips derived from such
 * history are dropped; the next render derives them again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const wrong = sql`from incidents i where i.id = incident_impacts.incident_id and i.resolved_at is not null
    and (incident_impacts.ended_at is null or incident_impacts.ended_at > i.resolved_at)`;
  await sql`delete from uptime_strips where component_id in (select component_id from incident_impacts where exists (select 1 ${wrong}))`.execute(db);
  await sql`update incident_impacts set ended_at = (select i.resolved_at ${wrong}) where exists (select 1 ${wrong})`.execute(db);
}

export async function down(): Promise<void> {
  // The windows' former ends were wrong: nothing to restore.
}
