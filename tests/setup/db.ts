import { getDb, getReadyDb, type Db } from "@/lib/db";
import { createAccount } from "@/lib/accounts/service";
import { createApiKey } from "@/lib/api-keys/service";

/** The migrated store of this test file (see store.ts). */
export const testDb = (): Promise<Db> => getReadyDb();

export async function closeTestDb(): Promise<void> {
  await getDb().destroy();
}

/** A fresh account with an API key; every test makes its own so tests never share data. */
export async function newAccount(name = "Test account") {
  const db = await testDb();
  const account = await createAccount(db, name);
  const { rawKey } = await createApiKey(db, account.id);
  return { db, account, accountId: account.id, apiKey: rawKey };
}
