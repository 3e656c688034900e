import { parseArgs } from "node:util";
import { ValidationError } from "@/lib/errors";
import { runCli } from "./run";

const USAGE = "usage: npm run keys:create -- --account <account id> [--name <label>] [--expires-in-days <days>]";

runCli(async () => {
  const { values } = parseArgs({ options: { account: { type: "string" }, name: { type: "string", default: "cli" }, "expires-in-days": { type: "string" } } });
  if (!values.account) throw new ValidationError(USAGE);
  const days = values["expires-in-days"];
  if (days !== undefined && !/^[1-9]\d{0,3}$/.test(days)) throw new ValidationError(`--expires-in-days must be a whole number of days from 1 to 9999; ${USAGE}`);
  // Imported here so a configuration error is reported by runCli as one line.
  const { getReadyDb } = await import("@/lib/db");
  const { getAccountOrThrow } = await import("@/lib/accounts/service");
  const { createApiKey } = await import("@/lib/api-keys/service");
  const db = await getReadyDb();
  const account = await getAccountOrThrow(db, values.account);
  const { rawKey } = await createApiKey(db, account.id, values.name, { expiresInDays: days === undefined ? undefined : Number(days) });
  await db.destroy();
  process.stdout.write(`${rawKey}\n`);
});
