import { parseArgs } from "node:util";
import { ValidationError } from "@/lib/errors";
import { runCli } from "./run";

runCli(async () => {
  const { values } = parseArgs({ options: { account: { type: "string" } } });
  if (!values.account) throw new ValidationError("usage: npm run keys:list -- --account <account id>");
  // Imported here so a configuration error is reported by runCli as one line.
  const { getReadyDb } = await import("@/lib/db");
  const { getAccountOrThrow } = await import("@/lib/accounts/service");
  const { listApiKeys } = await import("@/lib/api-keys/service");
  const { serializeApiKey } = await import("@/lib/api-keys/serialize");
  const db = await getReadyDb();
  const account = await getAccountOrThrow(db, values.account);
  const lines = ["id\tname\tkey\tcreated\tlast used\texpires\trevoked"];
  for (let page = await listApiKeys(db, account.id, { limit: 100 }); ; page = await listApiKeys(db, account.id, { limit: 100, after: page.next! })) {
    for (const k of page.rows.map(serializeApiKey)) lines.push([k.id, k.name, k.maskedKey, k.created_at, k.lastUsedAt ?? "-", k.expiresAt ?? "never", k.revokedAt ?? "-"].join("\t"));
    if (!page.next) break;
  }
  await db.destroy();
  process.stdout.write(`${lines.join("\n")}\n`);
});
