/**
 * Adds accounts with one API key each, through the app's own queries, and prints them as JSON: an account holds 100
 * status pages and the API cannot create accounts, so `bench:goals` spreads its 1,000 pages over several. Run with
 * `tsx --conditions=react-server tests/bench/lib/bench-accounts.ts <count>` (the lib code is server-only).
 */
import { runCli } from "@/lib/cli/run";

runCli(async () => {
  const count = Number(process.argv[2]);
  if (!Number.isInteger(count) || count < 1) throw new Error("usage: bench-accounts.ts <count>");
  const { getReadyDb } = await import("@/lib/db");
  const { newId } = await import("@/lib/db/ids");
  const { insertAccount } = await import("@/lib/accounts/queries");
  const { createApiKey } = await import("@/lib/api-keys/service");
  const db = await getReadyDb();
  const out: { accountId: string; key: string }[] = [];
  for (let i = 0; i < count; i++) {
    const t = Date.now();
    const accountId = newId();
    await insertAccount(db, { id: accountId, name: `Bench account ${i + 1}`, created_at: t, updated_at: t });
    out.push({ accountId, key: (await createApiKey(db, accountId, "bench")).rawKey });
  }
  await db.destroy();
  process.stdout.write(`${JSON.stringify(out)}\n`);
});
