import type client from "prom-client";

/**
 * The request metrics, counted in plain numbers and written in prom-client's exposition when scraped: a cached badge
 * takes ~30 µs and prom-client's Counter and Histogram (a label object hashed twice a call) took ~6 % of it; here it is
 * two Map lookups. The output is prom-client's for the same metrics: counters by route and status class, a histogram.
 */

const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface ClassTimes {
  routeClass: string;
  /** per bucket, not cumulative (the exposition adds them up) */
  buckets: number[];
  sum: number;
  count: number;
}

type Value = {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
};

export class RequestTally {
  private readonly counts = new Map<string, { routeClass: string; status: string; n: number }>();
  private readonly times = new Map<string, ClassTimes>();

  /** One answered request: its route class, HTTP status and time to answer. */
  add(routeClass: string, statusCode: number, seconds: number): void {
    const status = STATUS_CLASSES[Math.floor(statusCode / 100)] ?? `${Math.floor(statusCode / 100)}xx`;
    const key = `${routeClass} ${status}`;
    const c = this.counts.get(key);
    if (c) c.n++;
    else this.counts.set(key, { routeClass, status, n: 1 });
    let t = this.times.get(routeClass);
    if (!t) this.times.set(routeClass, (t = { routeClass, buckets: BUCKETS.map(() => 0), sum: 0, count: 0 }));
    const b = BUCKETS.findIndex((upper) => seconds <= upper);
    if (b >= 0) t.buckets[b]++;
    t.sum += seconds;
    t.count++;
  }

  /** The two metrics, for a prom-client registry (they answer its `get`, as its own metrics do). */
  metrics(): client.Metric[] {
    // `get` reads the metric's own name: for OpenMetrics the registry renames a counter (drops `_total`) first.
    const counter = {
      name: "heliograph_http_requests_total",
      help: "HTTP requests answered, by route class and status class",
      type: "counter",
      aggregator: "sum",
      get: async () => ({
        ...fields(counter),
        values: [...this.counts.values()].map((c): Value => ({
          labels: { route_class: c.routeClass, status: c.status },
          value: c.n,
        })),
      }),
      reset: () => this.counts.clear(),
    };
    const histogram = {
      name: "heliograph_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route class",
      type: "histogram",
      aggregator: "sum",
      get: async () => ({
        ...fields(histogram),
        values: [...this.times.values()].flatMap((t) => exposition(histogram.name, t)),
      }),
      reset: () => this.times.clear(),
    };
    return [counter, histogram] as unknown as client.Metric[];
  }
}

const STATUS_CLASSES = ["0xx", "1xx", "2xx", "3xx", "4xx", "5xx"];

const fields = (m: { name: string; help: string; type: string; aggregator: string }) => ({ name: m.name, help: m.help, type: m.type, aggregator: m.aggregator });

/** A class's buckets (cumulative, `le` first as prom-client writes them), then its sum and count. */
function exposition(name: string, t: ClassTimes): Value[] {
  let acc = 0;
  const out: Value[] = BUCKETS.map((upper, i) => ({
    labels: { le: upper, route_class: t.routeClass },
    value: (acc += t.buckets[i]),
    metricName: `${name}_bucket`,
  }));
  out.push({
    labels: { le: "+Inf", route_class: t.routeClass },
    value: t.count,
    metricName: `${name}_bucket`,
  });
  out.push({
    labels: { route_class: t.routeClass },
    value: t.sum,
    metricName: `${name}_sum`,
  });
  out.push({
    labels: { route_class: t.routeClass },
    value: t.count,
    metricName: `${name}_count`,
  });
  return out;
}
