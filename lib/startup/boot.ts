import "server-only";
import { getReadyDb } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { loadEncryptionKey } from "@/lib/secrets/encryption";
import { loadServerSecret } from "@/lib/secrets/server-secret";
import { seedDemo, seedEmpty } from "@/lib/demo/seed";
import { markBooted, onShutdown } from "@/lib/ops/hooks";
import { registerDatabaseOps } from "@/lib/ops/register";
import { bootOnce } from "./boot-slot";

/** Start-up work of a web process: migrate, load the signing secret, seed an empty database. Runs once. */
export function boot(): Promise<void> {
  return bootOnce(async () => {
    // Before anything else: on PostgreSQL a missing key stops the server here, not at the first secret it stores.
    loadEncryptionKey();
    const db = await getReadyDb();
    registerDatabaseOps(db);
    await loadServerSecret(db);
    const seeded = env.HELIOGRAPH_DEMO ? await seedDemo(db) : await seedEmpty(db);
    if (seeded) {
      // Shown once: only the key's hash is stored.
      const lines = [
        "",
        ...(env.HELIOGRAPH_DEMO
          ? [`  Heliograph demo: ${env.HELIOGRAPH_PUBLIC_URL}/acme (cards of services, the v1 API)`, `                   ${env.HELIOGRAPH_PUBLIC_URL}/acme-payments (components, the v3 API)`]
          : [`  Heliograph is ready: ${env.HELIOGRAPH_PUBLIC_URL}`]),
        `  API key (shown once): ${seeded.apiKey}`,
        `  Account id: ${seeded.accountId}`,
        "",
      ];
      process.stdout.write(lines.join("\n") + "\n");
    }
    markBooted();
    log.info({ store: env.DATABASE_URL ? "postgres" : "sqlite" }, "heliograph ready");
    // Notifications: the embedded default sends from this process; HELIOGRAPH_WORKER=false leaves it to `npm run worker`.
    // The production server (lib/front-cache/server.ts) listens before it loads the app, so this never runs without a listener.
    if (env.HELIOGRAPH_WORKER) {
      const worker = (await import("@/lib/notifications/worker/runtime")).startInProcessWorker(db);
      onShutdown(() => worker.stop());
    }
    // Checks: likewise run here unless HELIOGRAPH_RUNNER=false leaves them to `npm run runner` processes.
    if (env.HELIOGRAPH_RUNNER) {
      const engine = (await import("./engine")).startEngine(db);
      onShutdown(() => engine.stop());
    }
  });
}
