import { installSharedGenerations } from "@/lib/cache/shared-generations";
import { getReadyDb } from "@/lib/db";
import { log } from "@/lib/log";
import { loadServerSecret } from "@/lib/secrets/server-secret";
import { workerFromEnv } from "@/lib/notifications/worker/runtime";
import { runCli } from "./run";

runCli(async () => {
  const db = await getReadyDb();
  await loadServerSecret(db);
  // Its maintenance scheduler starts and ends windows: the servers' cached pages must hear of it.
  const generations = await installSharedGenerations("worker");
  const worker = workerFromEnv(db);
  if (process.argv.includes("--once")) {
    const n = await worker.drain();
    process.stdout.write(`attempted ${n} deliveries\n`);
    await generations?.close();
    await db.destroy();
    return;
  }
  worker.start();
  log.info({ worker: worker.owner }, "notification worker started");
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await worker.stop();
  await generations?.close();
  await db.destroy();
  log.info({ worker: worker.owner }, "notification worker stopped");
});
