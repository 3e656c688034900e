import { runCli } from "./run";

runCli(async () => {
  // Imported here so a configuration error is reported by runCli as one line.
  const { getReadyDb } = await import("@/lib/db");
  const db = await getReadyDb();
  await db.destroy();
  process.stdout.write("migrations applied\n");
});
