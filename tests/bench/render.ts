/**
 * `npm run bench:render [-- /acme /acme-payments]`: what one uncached render costs (front cache off), timed over
 * sequential requests on one connection so the figure is the render, not a queue, beside the trivial landing page `/`
 * in the same run (Next's own floor). Prints median, p90 and max; asserts nothing.
 */
import "./lib/page-env";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { buildOnce, startServer } from "../e2e/harness";
import { raw } from "../e2e/cache-helpers";

const ROUNDS = Number(process.env.BENCH_RENDER_ROUNDS ?? 60);
const WARMUP = 10;
const paths = process.argv.slice(2).filter((a) => a.startsWith("/"));
const PATHS = ["/", ...(paths.length > 0 ? paths : ["/acme", "/acme-payments"])];
const AE = { "accept-encoding": "br, gzip" };
const line = (s = "") => process.stdout.write(`${s}\n`);
const q = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

async function main() {
  await buildOnce();
  const s = await startServer({ env: { HELIOGRAPH_FRONT_CACHE_MB: "0", HELIOGRAPH_WORKER: "false", LOG_LEVEL: "warn" } });
  try {
    line(`uncached render, ${ROUNDS} sequential requests per path after ${WARMUP} warm-up, load average ${loadavg()[0].toFixed(2)}`);
    line(`${"path".padEnd(20)} ${"status".padStart(6)} ${"KB".padStart(7)} ${"median ms".padStart(10)} ${"p90 ms".padStart(8)} ${"max ms".padStart(8)} ${"× floor".padStart(8)}`);
    let floor = NaN;
    for (const path of PATHS) {
      let status = 0;
      let bytes = 0;
      for (let i = 0; i < WARMUP; i++) await raw(s.url, path, AE);
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now();
        const r = await raw(s.url, path, AE);
        times.push(performance.now() - t0);
        status = r.status;
        bytes = r.body.length;
      }
      times.sort((a, b) => a - b);
      const median = q(times, 0.5);
      if (path === "/") floor = median;
      line(`${path.padEnd(20)} ${String(status).padStart(6)} ${(bytes / 1024).toFixed(1).padStart(7)} ${median.toFixed(1).padStart(10)} ${q(times, 0.9).toFixed(1).padStart(8)} ${times.at(-1)!.toFixed(1).padStart(8)} ${(median / floor).toFixed(1).padStart(8)}`);
    }
  } finally {
    await s.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
