/**
 * The memory goal's workload: 1,000 status pages created through the v1 API, then page views across all of them,
 * API writes that invalidate some and the cache misses both cause, with the server's RSS sampled every second.
 */
import http from "node:http";
import { runAppScript } from "./app-script";
import { call, pool, sleep } from "./pool";
import { rssMb } from "./load";

/** One account's share of the pages (a server allows 100 pages per account). */
export interface Site {
  key: string;
  serviceIds: string[];
  slugs: string[];
  /** the incident the writes open and resolve in turn */
  open?: string;
  busy?: boolean;
}

const SERVICES_PER_ACCOUNT = 10;

/** Accounts with keys, written by the app's own code into the server's SQLite file (the API cannot create accounts). */
function addAccounts(count: number, env: Record<string, string>): { accountId: string; key: string }[] {
  return JSON.parse(runAppScript("tests/bench/lib/bench-accounts.ts", [String(count)], env).trim().split("\n").at(-1)!);
}

/**
 * `total` pages of one card each (one or two of their account's ten services), through POST
 * /v1/status-pages in parallel batches. `env` must point lib/env at the server's database.
 */
export async function createPages(url: string, env: Record<string, string>, total: number, perAccount = 100): Promise<Site[]> {
  const accounts = addAccounts(Math.ceil(total / perAccount), env);
  return pool(accounts, 2, async (a, ai) => {
    const names = Array.from({ length: SERVICES_PER_ACCOUNT }, (_, i) => `Service ${i + 1}`);
    const serviceIds = await pool(names, 4, async (name) => (await call<{ id: string }>(url, a.key, "POST", "/v1/status-pages/services", { name })).id);
    const count = Math.min(perAccount, total - ai * perAccount);
    const slugs = await pool(Array.from({ length: count }, (_, j) => j), 4, async (j) => {
      const slug = `bench-${ai}-${j}`;
      const services = j % 2 === 0 ? [serviceIds[j % 10]] : [serviceIds[j % 10], serviceIds[(j + 3) % 10]];
      await call(url, a.key, "POST", "/v1/status-pages", { name: `Bench page ${ai}-${j}`, url: slug, cards: [{ name: "Services", services: services.map((id) => ({ id })) }] });
      return slug;
    });
    return { key: a.key, serviceIds, slugs };
  });
}

export interface MixedResult {
  durationS: number;
  views: number;
  writes: number;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  /** x-heliograph-cache values of the page views (HIT, MISS, STALE …; "-" when absent) */
  cache: Record<string, number>;
  rss: number[];
  peak: number;
  /** average RSS over the first and the last `windowS` seconds */
  firstAvg: number;
  lastAvg: number;
  windowS: number;
}

const AE = { "accept-encoding": "br, gzip" };
const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)];

/** Page views (80 % pages, 10 % their badge or summary.json, 5 % the demo page) and 5 % API writes, from `workers` clients at once. */
export async function mixedLoad(url: string, pid: number, sites: Site[], durationS: number, workers: number): Promise<MixedResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: workers });
  const u = new URL(url);
  const get = (path: string) =>
    new Promise<{ status: number; cache: string }>((resolve, reject) => {
      const req = http.get({ host: u.hostname, port: u.port, path, headers: AE, agent }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, cache: String(res.headers["x-heliograph-cache"] ?? "-") }));
      });
      req.setTimeout(30_000, () => req.destroy(new Error(`timeout GET ${path}`)));
      req.on("error", reject);
    });
  const write = async (site: Site) => {
    if (site.open) {
      await call(url, site.key, "POST", `/v1/status-pages/incidents/${site.open}/incident-updates`, { description: "Resolved.", status: "RESOLVED" });
      site.open = undefined;
    } else {
      const body = { name: "Bench incident", severity: pick(["MINOR", "MEDIUM", "MAJOR"]), services: [{ id: pick(site.serviceIds) }], incidentUpdates: [{ description: "Looking into it.", status: "INVESTIGATING" }] };
      site.open = (await call<{ id: string }>(url, site.key, "POST", "/v1/status-pages/incidents", body)).id;
    }
  };

  const rss: number[] = [];
  const sampler = setInterval(() => rss.push(rssMb(pid)), 1000);
  const latencies: number[] = [];
  const cache: Record<string, number> = {};
  let views = 0;
  let writes = 0;
  let failed = 0;
  const end = Date.now() + durationS * 1000;
  const worker = async () => {
    while (Date.now() < end) {
      const r = Math.random();
      const site = pick(sites);
      try {
        // A write goes to an account no other client is writing to (its incident opens and resolves in turn).
        if (r < 0.05 && !site.busy) {
          site.busy = true;
          try {
            await write(site);
            writes++;
          } finally {
            site.busy = false;
          }
          continue;
        }
        const slug = pick(site.slugs);
        const path = r < 0.85 ? `/${slug}` : r < 0.95 ? `/${slug}/${pick(["badge.svg", "api/v2/summary.json"])}` : "/acme";
        const t0 = performance.now();
        const res = await get(path);
        latencies.push(performance.now() - t0);
        views++;
        cache[res.cache] = (cache[res.cache] ?? 0) + 1;
        if (res.status !== 200) failed++;
      } catch {
        failed++;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: workers }, worker));
  const elapsedS = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  agent.destroy();
  await sleep(0);
  const windowS = Math.max(1, Math.min(60, Math.floor(rss.length / 2)));
  const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    durationS: elapsedS,
    views,
    writes,
    rps: (views + writes) / elapsedS,
    p50: at(sorted, 0.5),
    p99: at(sorted, 0.99),
    failed,
    cache,
    rss,
    peak: Math.max(...rss),
    firstAvg: avg(rss.slice(0, windowS)),
    lastAvg: avg(rss.slice(-windowS)),
    windowS,
  };
}
