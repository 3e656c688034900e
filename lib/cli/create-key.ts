import { parseArgs } from "node:util";
import { ValidationError } from "@/lib/errors";
import { runCli } from "./run";

runCli(async () => {
  const { values } = parseArgs({ options: { account: { type: "string" }, name: { type: "string", default: "cli" } } });
  if (!values.account) throw new ValidationError("usage: npm run keys:create -- --account <account id> [--name <label>]");
  // Imported here so a configuration error is reported by runCli as one line.
  const { getReadyDb } = await import("@/lib/db");
  const { getAccountOrThrow } = await import("@/lib/accounts/service");
  const { createApiKey } = await import("@/lib/api-keys/service");
  const db = await getReadyDb();
  const account = await getAccountOrThrow(db, values.account);
  const { rawKey } = await createApiKey(db, account.id, values.name);
  await db.destroy();
  process.stdout.write(`${rawKey}\n`);
});
