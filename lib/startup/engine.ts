import "server-only";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { startHeartbeatRunner } from "@/lib/heartbeats/runner";
import { startPlanner, startRunner } from "@/lib/scheduling/start";

export interface Engine {
  /** the runner's name in job leases */
  owner: string;
  stop(): Promise<void>;
}

/**
 * The monitoring engine of one process: the planner (each slot queued once, whatever the number of instances), the
 * runner of this installation's location, and the heartbeat sweep. The web process runs it unless HELIOGRAPH_RUNNER
 * is false; `npm run runner` runs it on its own (with --no-planner, jobs only).
 */
export function startEngine(db: Db, o: { planner?: boolean } = {}): Engine {
  const planner = o.planner === false ? null : startPlanner({ db });
  const runner = startRunner({ db, location: env.HELIOGRAPH_LOCATION });
  const heartbeats = o.planner === false ? null : startHeartbeatRunner({ db });
  return {
    owner: runner.owner,
    async stop() {
      await Promise.all([planner?.stop(), heartbeats?.stop()]);
      await runner.stop();
    },
  };
}
