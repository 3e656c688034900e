import "server-only";
import type { Db } from "@/lib/db";
import { isUuid, newId } from "@/lib/db/ids";
import type { Account } from "@/lib/db/types";
import { NotFoundError } from "@/lib/errors";
import { findAccount, insertAccount } from "./queries";

export async function createAccount(db: Db, name: string): Promise<Account> {
  const t = Date.now();
  const row: Account = { id: newId(), name, alert_settings: null, created_at: t, updated_at: t };
  await insertAccount(db, row);
  return row;
}

export async function getAccountOrThrow(db: Db, id: string): Promise<Account> {
  const row = isUuid(id) ? await findAccount(db, id) : undefined;
  if (!row) throw new NotFoundError("Account not found");
  return row;
}

/** An account a key may read: only its own; any other id is answered like a missing one. */
export async function getOwnAccountOrThrow(db: Db, keyAccountId: string, requestedId: string): Promise<Account> {
  if (requestedId !== keyAccountId) throw new NotFoundError("Account not found");
  return getAccountOrThrow(db, keyAccountId);
}
