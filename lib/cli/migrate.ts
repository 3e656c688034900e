import { getReadyDb } from "@/lib/db";
import { runCli } from "./run";

runCli(async () => {
  const db = await getReadyDb();
  await db.destroy();
  process.stdout.write("migrations applied\n");
});
