import client from "prom-client";
import { registerCollected } from "./registry";

/**
 * heliograph_integration_stale: 1 for an integration silent longer than its bound, 0 for one heard in time
 * (integrations without a bound are left out). Read at scrape time; alert on it, since silence is not health.
 */
export function registerIntegrationGauge(read: () => Promise<{ id: string; type: string; stale: boolean }[]>): void {
  registerCollected("heliograph_integration_stale", (registry) =>
    new client.Gauge({
      name: "heliograph_integration_stale",
      help: "1 when an alert integration has been silent longer than its staleAfterMinutes, else 0",
      labelNames: ["integration", "type"],
      registers: [registry],
      async collect() {
        this.reset();
        for (const r of await read()) this.set({ integration: r.id, type: r.type }, r.stale ? 1 : 0);
      },
    }),
  );
}
