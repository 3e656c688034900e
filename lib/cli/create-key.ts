import { parseArgs } from "node:util";
import { getReadyDb } from "@/lib/db";
import { getAccountOrThrow } from "@/lib/accounts/service";
import { createApiKey } from "@/lib/api-keys/service";
import { ValidationError } from "@/lib/errors";
import { runCli } from "./run";

runCli(async () => {
  const { values } = parseArgs({ options: { account: { type: "string" }, name: { type: "string", default: "cli" } } });
  if (!values.account) throw new ValidationError("usage: npm run keys:create -- --account <account id> [--name <label>]");
  const db = await getReadyDb();
  const account = await getAccountOrThrow(db, values.account);
  const { rawKey } = await createApiKey(db, account.id, values.name);
  await db.destroy();
  process.stdout.write(`${rawKey}\n`);
});
