/*
 * `npm run bench:notify [-- --subscribers 100000 --store sqlite,postgres --channels email,webhook,slack]`: per store
 * (SQLite: a fresh file; PostgreSQL: a fresh schema in HELIOGRAPH_BENCH_PG_URL), N subscribers per channel get one update
 * from `npm run worker` via local sinks; each figure beside its goal, the sink's raw accept rate and where the CPU went.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const SUBSCRIBERS = arg("subscribers", "100000");
const STORES = arg("store", "sqlite,postgres").split(",");
const CHANNELS = arg("channels", "email,webhook,slack");
const PG_URL = process.env.HELIOGRAPH_BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

function runStore(env: Record<string, string>): Promise<number> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/bench/notify-store.ts", SUBSCRIBERS, CHANNELS], { env: { ...process.env, ...env }, stdio: "inherit" });
  return new Promise((r) => child.once("exit", (code) => r(code ?? 1)));
}

async function main() {
  let failed = 0;
  console.log(`bench:notify ${SUBSCRIBERS} subscribers per channel (${CHANNELS}); load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}`);
  for (const store of STORES) {
    if (store === "sqlite") {
      const dir = mkdtempSync(join(tmpdir(), "hg-bench-"));
      const env = { HELIOGRAPH_SQLITE_PATH: join(dir, "bench.db"), DATABASE_URL: "" };
      failed += await runStore(env);
      rmSync(dir, { recursive: true, force: true });
    } else if (store === "postgres") {
      const schema = `bench_${Date.now().toString(36)}`;
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`create schema ${schema}`);
      try {
        failed += await runStore({ DATABASE_URL: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}` });
      } finally {
        await client.query(`drop schema ${schema} cascade`);
        await client.end();
      }
    } else throw new Error(`unknown store ${store}`);
  }
  process.exit(failed ? 1 : 0);
}

void main();
