import "server-only";
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { loadedServerSecret, rememberServerSecret } from "./loaded-secret";

/**
 * The key that signs cookies and links. From HELIOGRAPH_SECRET when set; otherwise generated once and
 * kept in the database, so every instance and restart agrees without any setup.
 */
export async function loadServerSecret(db: Db): Promise<string> {
  const loaded = loadedServerSecret();
  if (loaded) return loaded;
  if (env.HELIOGRAPH_SECRET) return rememberServerSecret(env.HELIOGRAPH_SECRET);
  await db
    .insertInto("server_settings")
    .values({ key: "secret", value: randomBytes(32).toString("base64url") })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const row = await db.selectFrom("server_settings").select("value").where("key", "=", "secret").executeTakeFirstOrThrow();
  return rememberServerSecret(row.value);
}
