/**
 * The process's Prometheus metrics (prom-client). Kept process-wide: the server bundle and Next's route
 * modules are separate module graphs in one process, and both must count into one registry.
 */
import client from "prom-client";
import { processSlot } from "@/lib/runtime/process-state";
import { RequestTally } from "./request-tally";

function create() {
  const registry = new client.Registry();
  /*
   * The event-loop lag histogram samples every 100 ms, not prom-client's default 10 ms: its timer woke an idle
   * server 100 times a second, most of what an idle process spent (~6 of ~9 ms of CPU a second). A
   * blocked loop still shows in full: the first sample after it is late by the whole block.
   */
  client.collectDefaultMetrics({ register: registry, prefix: "heliograph_", eventLoopMonitoringPrecision: 100 });
  const m = {
    registry,
    requests: new RequestTally(),
    renderSeconds: new client.Histogram({
      name: "heliograph_front_cache_render_seconds",
      help: "Time of a render behind the front cache (a miss or a refresh)",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    rateLimitRefusals: new client.Counter({ name: "heliograph_rate_limit_refusals_total", help: "Requests refused by a rate limit or throttle", labelNames: ["limiter"] as const, registers: [registry] }),
  };
  for (const metric of m.requests.metrics()) registry.registerMetric(metric);
  return m;
}

export type Metrics = ReturnType<typeof create>;
const slot = processSlot<Metrics>("metrics");

export function metrics(): Metrics {
  return slot.getOrCreate(create);
}

/** One refusal by the API rate limit ("api") or the unlock form's throttle ("access"). */
export function countRefusal(limiter: "api" | "access" | "mail"): void {
  metrics().rateLimitRefusals.inc({ limiter });
}

/** Adds a metric computed at scrape time (front-cache counters, database gauges) once per name. */
export function registerCollected<T extends client.Metric>(name: string, make: (registry: client.Registry) => T): void {
  const { registry } = metrics();
  if (!registry.getSingleMetric(name)) make(registry);
}
