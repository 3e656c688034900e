import "server-only";
import type { Db } from "@/lib/db";
import type { Account } from "@/lib/db/types";

export async function insertAccount(db: Db, row: Account): Promise<void> {
  await db.insertInto("accounts").values(row).execute();
}

export async function findAccount(db: Db, id: string): Promise<Account | undefined> {
  return db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function countAccounts(db: Db): Promise<number> {
  const r = await db.selectFrom("accounts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(r.n);
}
