import "server-only";
import type { ExpressionBuilder, Insertable } from "kysely";
import { dialectOf, type Db } from "@/lib/db";
import type { Account, AccountsTable, Database } from "@/lib/db/types";
import { ACCOUNT_LIMITS, type AccountLimitKey } from "./entitlements";

export async function insertAccount(db: Db, row: Insertable<AccountsTable>): Promise<void> {
  await db.insertInto("accounts").values(row).execute();
}

export async function findAccount(db: Db, id: string): Promise<Account | undefined> {
  return db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function countAccounts(db: Db): Promise<number> {
  const r = await db.selectFrom("accounts").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Serializes an account's creates until this transaction ends, so a count taken after it cannot be passed by a
 * concurrent insert. PostgreSQL: the account row, FOR UPDATE. SQLite: nothing to do, its write transactions
 * already run one at a time (BEGIN IMMEDIATE, lib/db/dialects.ts).
 */
export async function lockAccount(trx: Db, accountId: string): Promise<boolean> {
  const q = trx.selectFrom("accounts").select("id").where("id", "=", accountId);
  return (await (dialectOf(trx) === "postgres" ? q.forUpdate() : q).executeTakeFirst()) !== undefined;
}

/** The one count of each thing an account owns that a limit bounds (active keys only; rules an operator wrote). */
function counted(db: Db, key: AccountLimitKey, accountId: string, now: number) {
  const n = (eb: ExpressionBuilder<Database, keyof Database>) => eb.fn.countAll<number | string>().as("n");
  switch (key) {
    case "STATUS_PAGES":
      return db.selectFrom("status_pages").select(n).where("account_id", "=", accountId);
    case "SERVICES":
      return db.selectFrom("services").select(n).where("account_id", "=", accountId);
    case "MAINTENANCE_WINDOWS":
      return db.selectFrom("maintenance_windows").select(n).where("account_id", "=", accountId);
    case "API_KEYS":
      return db
        .selectFrom("api_keys")
        .select(n)
        .where("account_id", "=", accountId)
        .where("revoked_at", "is", null)
        .where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]));
    case "INTEGRATIONS":
      return db.selectFrom("integrations").select(n).where("account_id", "=", accountId);
    case "AUTOMATION_RULES":
      return db.selectFrom("automation_rules").select(n).where("account_id", "=", accountId).where("kind", "=", "RULE");
    case "CHECKS":
      return db.selectFrom("checks").select(n).where("account_id", "=", accountId);
    case "CHECK_GROUPS":
      return db.selectFrom("check_groups").select(n).where("account_id", "=", accountId);
    case "CHECK_VARIABLES":
      return db.selectFrom("check_variables").select(n).where("account_id", "=", accountId);
  }
}

export async function countOwned(db: Db, key: AccountLimitKey, accountId: string, now = Date.now()): Promise<number> {
  return Number((await counted(db, key, accountId, now).executeTakeFirstOrThrow()).n);
}

/** Every count at once (one statement), for the entitlements' usage. */
export async function countAllOwned(db: Db, accountId: string, now = Date.now()): Promise<Record<AccountLimitKey, number>> {
  const row = await db.selectNoFrom(ACCOUNT_LIMITS.map((key) => counted(db, key, accountId, now).$asScalar().as(key))).executeTakeFirstOrThrow();
  return Object.fromEntries(ACCOUNT_LIMITS.map((key) => [key, Number((row as Record<string, unknown>)[key])])) as Record<AccountLimitKey, number>;
}
