import client from "prom-client";
import { describe, expect, it } from "vitest";
import { RequestTally } from "@/lib/metrics/request-tally";

/** prom-client's own metrics of the same names, for the same requests: what the tally must write. */
function reference() {
  const registry = new client.Registry();
  const requests = new client.Counter({
    name: "heliograph_http_requests_total",
    help: "HTTP requests answered, by route class and status class",
    labelNames: ["route_class", "status"],
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: "heliograph_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by route class",
    labelNames: ["route_class"],
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return {
    registry,
    add: (cls: string, code: number, s: number) => (requests.inc({ route_class: cls, status: `${Math.floor(code / 100)}xx` }), latency.observe({ route_class: cls }, s)),
  };
}

describe("request tally (lib/metrics/request-tally.ts)", () => {
  const requests: [string, number, number][] = [
    ["page", 200, 0.0004],
    ["page", 200, 0.003],
    ["page", 304, 0.001],
    ["embed", 200, 0.0002],
    ["api", 404, 0.02],
    ["api", 201, 0.7],
    ["api", 500, 12],
    ["private_page", 401, 0.01],
    ["page", 200, 0.0049],
  ];

  it("writes what prom-client's Counter and Histogram write for the same requests, in both formats", async () => {
    const ref = reference();
    const tally = new RequestTally();
    const registry = new client.Registry();
    for (const m of tally.metrics()) registry.registerMetric(m);
    for (const [cls, code, s] of requests) {
      ref.add(cls, code, s);
      tally.add(cls, code, s);
    }
    expect(await registry.metrics()).toBe(await ref.registry.metrics());
    // The JSON form carries the same names, labels and values (prom-client adds empty exemplar fields of its own).
    const json = async (r: client.Registry) =>
      (await r.getMetricsAsJSON()).map((m) => ({
        ...m,
        values: m.values.map((v) => ({
          labels: v.labels,
          value: v.value,
          metricName: (v as { metricName?: string }).metricName,
        })),
      }));
    expect(await json(registry)).toEqual(await json(ref.registry));
    // OpenMetrics, as a scraper may ask for it (the registries' content type is typed as the text format's only).
    registry.setContentType(client.openMetricsContentType as typeof client.prometheusContentType);
    ref.registry.setContentType(client.openMetricsContentType as typeof client.prometheusContentType);
    expect(await registry.metrics()).toBe(await ref.registry.metrics());
  });

  it("starts again from zero when the registry is reset", async () => {
    const tally = new RequestTally();
    const registry = new client.Registry();
    for (const m of tally.metrics()) registry.registerMetric(m);
    tally.add("page", 200, 0.001);
    registry.resetMetrics();
    expect(await registry.metrics()).not.toMatch(/route_class="page"/);
  });
});
