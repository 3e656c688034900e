/*
 * `npm run runner`: the check runner as its own process, for the server's location (HELIOGRAPH_LOCATION), with the
 * planner beside it (planners on every instance queue each slot once). --no-planner runs jobs only. Several may run.
 */
import { getReadyDb } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { startPlanner, startRunner } from "@/lib/scheduling/start";
import { runCli } from "./run";

runCli(async () => {
  const db = await getReadyDb();
  const runner = startRunner({ db, location: env.HELIOGRAPH_LOCATION });
  const planner = process.argv.includes("--no-planner") ? null : startPlanner({ db });
  log.info({ runner: runner.owner, location: env.HELIOGRAPH_LOCATION, planner: planner !== null }, "check runner started");
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await planner?.stop();
  await runner.stop();
  await db.destroy();
  log.info({ runner: runner.owner }, "check runner stopped");
});
