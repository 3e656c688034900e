/**
 * `npm run runner` killed with SIGKILL in the middle of a job: nothing is recorded by the dead process, the job is
 * claimed again only once its lease has run out (the test's clock is moved past it, nothing sleeps on the lease),
 * runs to the end and records one FINAL result.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCheck } from "@/lib/runners";
import { planDue } from "@/lib/scheduling/planner";
import { createRunner } from "@/lib/scheduling/runner";
import { until } from "../notifications/peers";
import { account, HOME, httpTarget, insertCheck, jobsOf, noFinal, resolveFromDefinition, resultsOf } from "./fixtures";

const ROOT = join(import.meta.dirname, "../../..");
const LEASE_SECONDS = 10;

/** `npm run runner`'s node arguments: one process (tsx as a loader, no wrapper process that a kill would miss). */
function runnerNodeArgs(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> };
  const [node, ...args] = pkg.scripts.runner.split(/\s+/);
  if (node !== "node") throw new Error(`npm run runner no longer starts with node: ${node}`);
  return args;
}

/** The runner CLI as one process on this file's store, jobs only. */
function startRunnerProcess() {
  const env: NodeJS.ProcessEnv = { ...process.env, HELIOGRAPH_RUNNER_LEASE_SECONDS: String(LEASE_SECONDS), LOG_LEVEL: "silent" };
  if (!process.env.DATABASE_URL) delete env.DATABASE_URL;
  return spawn(process.execPath, [...runnerNodeArgs(), "--no-planner"], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
}

describe(`kill -9 on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("a runner process killed mid-job loses nothing: the job runs again after its lease and records once", async () => {
    const { db, accountId } = await account();
    const target = await httpTarget(200);
    target.hold(true);
    const child = startRunnerProcess();
    const exited = new Promise((r) => child.once("exit", r));
    try {
      const now = Date.now();
      const check = await insertCheck(db, accountId, { frequency: 1440, offset: 1, nextRunAt: now - 1000, request: { url: target.url } });
      await planDue(db, { now, resolve: resolveFromDefinition });
      // The process has claimed the job and its request is in flight at the target, held open: kill it there.
      await until(() => target.hits() >= 1, 90_000, 5);
      child.kill("SIGKILL");
      await exited;
      const [job] = await jobsOf(db, check.id);
      expect(job.lease_owner).toMatch(/^r-/);
      expect(job.lease_until).toBeGreaterThan(now);
      expect(await resultsOf(db, check.id)).toEqual([]);

      target.hold(false);
      const at = (t: number) => createRunner({ db, location: HOME, now: () => t, concurrency: 4, leaseMs: LEASE_SECONDS * 1000, resolve: resolveFromDefinition, run: runCheck, onFinal: noFinal, allowMetadata: false });
      expect(await at(job.lease_until! - 1).tick(), "still leased to the dead runner").toBe(0);
      expect(await at(job.lease_until! + 1).tick()).toBe(1);
      expect(await at(job.lease_until! + 2).tick(), "the job is done").toBe(0);
      const results = await resultsOf(db, check.id);
      expect(results).toHaveLength(1);
      expect(results[0]).toMatchObject({ result_type: "FINAL", attempt: 0, sequence_id: job.sequence_id, has_failures: 0 });
      expect(target.hits()).toBe(2);
      expect(await jobsOf(db, check.id)).toEqual([]);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await target.close();
    }
  }, 120_000);
});
