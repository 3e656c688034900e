import { parseArgs } from "node:util";
import { ValidationError } from "@/lib/errors";
import { runCli } from "./run";

runCli(async () => {
  const { values } = parseArgs({ options: { key: { type: "string" } } });
  if (!values.key) throw new ValidationError("usage: npm run keys:revoke -- --key <key id> (ids from keys:list)");
  // Imported here so a configuration error is reported by runCli as one line.
  const { getReadyDb } = await import("@/lib/db");
  const { revokeApiKeyAsOperator } = await import("@/lib/api-keys/service");
  const db = await getReadyDb();
  const key = await revokeApiKeyAsOperator(db, values.key);
  await db.destroy();
  process.stdout.write(`revoked ${key.id} (${key.name}, ${key.masked_key})\n`);
});
