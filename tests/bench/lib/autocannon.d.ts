// The few parts of autocannon the benchmarks use (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    total: number;
  }
  interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
  }
  interface Instance {
    stop(): void;
  }
  interface RequestSpec {
    path?: string;
    method?: string;
    setupRequest?: (req: { path?: string; [k: string]: unknown }) => { path?: string; [k: string]: unknown };
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: RequestSpec[];
  }
  function autocannon(opts: Options, cb: (err: Error | null, result: Result) => void): Instance;
  namespace autocannon {
    export type { Result, Instance, Options };
  }
  export default autocannon;
}
