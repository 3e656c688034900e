import "server-only";
import { sql } from "kysely";
import type { Db } from "@/lib/db";

/** The cheapest round trip that proves the database answers. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Deliveries still kept, by subscriber channel and delivery status (read at scrape time). */
export async function deliveryCounts(db: Db): Promise<{ channel: string; status: string; n: number }[]> {
  const rows = await db
    .selectFrom("notification_deliveries as d")
    .innerJoin("subscribers as s", "s.id", "d.subscriber_id")
    .select(["s.channel", "d.status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy(["s.channel", "d.status"])
    .execute();
  return rows.map((r) => ({ channel: String(r.channel), status: String(r.status), n: Number(r.n) }));
}
