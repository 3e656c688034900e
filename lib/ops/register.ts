import "server-only";
import client from "prom-client";
import { pendingMigrations, type Db } from "@/lib/db";
import { deliveryCounts, ping } from "@/lib/metrics/queries";
import { registerCollected } from "@/lib/metrics/registry";
import { PENDING_STATUSES } from "@/lib/notifications/outbox/status";
import { registerProbe } from "./hooks";
import { registerIntegrationOps } from "@/lib/integrations/ops";

/** Readiness of the database and the outbox gauges, registered once the app has booted. */
export function registerDatabaseOps(db: Db): void {
  registerProbe("database", () => ping(db));
  registerIntegrationOps(db);
  registerProbe("migrations", async () => {
    const pending = await pendingMigrations(db);
    if (pending.length > 0) throw new Error(`${pending.length} pending: ${pending.join(", ")}`);
  });

  // Read at scrape time; a database outage leaves the gauges empty rather than failing /metrics.
  const counts = () => deliveryCounts(db).catch(() => []);
  registerCollected("heliograph_outbox_depth", (registry) =>
    new client.Gauge({
      name: "heliograph_outbox_depth",
      help: "Deliveries waiting to be sent (queued or retrying), by channel",
      labelNames: ["channel"],
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of await counts()) if ((PENDING_STATUSES as string[]).includes(r.status)) this.inc({ channel: r.channel }, r.n);
      },
    }),
  );
  registerCollected("heliograph_deliveries", (registry) =>
    new client.Gauge({
      name: "heliograph_deliveries",
      help: "Deliveries kept in the outbox, by channel and outcome (SENT, DEAD, CANCELLED, QUEUED, RETRYING)",
      labelNames: ["channel", "status"],
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of await counts()) this.set({ channel: r.channel, status: r.status }, r.n);
      },
    }),
  );
}
