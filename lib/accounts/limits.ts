import "server-only";
import type { Db } from "@/lib/db";
import { NotFoundError } from "@/lib/errors";
import { assertWithinLimit, type AccountLimitKey } from "./entitlements";
import { countAllOwned, countOwned, lockAccount } from "./queries";

/**
 * The one check before an account creates something a limit bounds: 402 when it has its limit already. Runs
 * inside the insert's transaction, after locking the account, so concurrent creates are counted one after the
 * other and cannot pass the limit together.
 */
export async function assertRoomFor(trx: Db, accountId: string, key: AccountLimitKey, adding = 1): Promise<void> {
  if (!trx.isTransaction) throw new Error(`assertRoomFor(${key}) needs the insert's transaction`);
  if (!(await lockAccount(trx, accountId))) throw new NotFoundError("Account not found");
  assertWithinLimit(key, await countOwned(trx, key, accountId), adding);
}

/** What the account has of each limited thing, for the entitlements. */
export async function usageOf(db: Db, accountId: string): Promise<Record<AccountLimitKey, number>> {
  return countAllOwned(db, accountId);
}
