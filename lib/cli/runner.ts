/*
 * `npm run runner`: the check runner as its own process, for the server's location (HELIOGRAPH_LOCATION), with the
 * planner and the heartbeat sweep beside it (planners on every instance queue each slot once). --no-planner runs jobs only. Several may run.
 */
import { installSharedGenerations } from "@/lib/cache/shared-generations";
import { getReadyDb } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { startEngine } from "@/lib/startup/engine";
import { runCli } from "./run";

runCli(async () => {
  const db = await getReadyDb();
  // Before anything runs: the incidents its results open must reach the servers' caches.
  const generations = await installSharedGenerations("runner");
  const planner = !process.argv.includes("--no-planner");
  const engine = startEngine(db, { planner });
  log.info({ runner: engine.owner, location: env.HELIOGRAPH_LOCATION, planner }, "check runner started");
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await engine.stop();
  await generations?.close();
  await db.destroy();
  log.info({ runner: engine.owner }, "check runner stopped");
});
