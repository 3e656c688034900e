// How the production processes run (node flags, environment defaults), in one place for `npm start` and the test
// and benchmark harness, so a benchmark measures exactly the process production runs. Run by hand:
// `node <serverNodeArgs()> scripts/serve.mjs` with serverEnv()'s defaults (README, Configuration).
import { readFileSync } from "node:fs";

/**
 * V8 flags: the young generation capped at 4 MB per semi-space, as `npm run worker` runs. V8 otherwise grows it to
 * 16 MB per semi-space under load, and most of that stays resident (memory and throughput figures: README).
 */
const NODE_FLAGS = ["--max-semi-space-size=4"];

/**
 * Environment defaults. MALLOC_ARENA_MAX=2: glibc otherwise gives each thread doing allocations (libuv's pool:
 * zlib, file reads, better-sqlite3's callers) an arena of its own, up to 8 per core, and the memory freed in them
 * is rarely given back (on its own: idle RSS 242 -> 223 MB, no throughput cost).
 */
const ENV_DEFAULTS = { MALLOC_ARENA_MAX: "2" };

/** A flag's name, so `--max_semi_space_size=16` and `--max-semi-space-size` are the same setting. */
const flagName = (arg) => arg.split("=")[0].replaceAll("_", "-");

/**
 * The node arguments before the script: the defaults the operator did not set in NODE_OPTIONS or on
 * `npm start`'s own node command line (`extraArgs`, passed on after them, as `fork` would).
 */
export function serverNodeArgs(env = process.env, extraArgs = []) {
  const operator = new Set([...(env.NODE_OPTIONS ?? "").split(/\s+/), ...extraArgs].filter(Boolean).map(flagName));
  return [...NODE_FLAGS.filter((f) => !operator.has(flagName(f))), ...extraArgs];
}

/** The server's environment: `env` over the defaults, so a variable the operator set (even empty) wins. */
export function serverEnv(env = process.env) {
  return { ...ENV_DEFAULTS, ...env };
}

/**
 * `npm run worker`'s node arguments (its V8 flags and the script) as package.json spells them, so the benchmark
 * and the crash test spawn exactly that process, without npm in between.
 */
export function workerNodeArgs() {
  const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  const [node, ...args] = pkg.scripts.worker.split(/\s+/);
  if (node !== "node") throw new Error(`npm run worker no longer starts with node: ${node}`);
  return args;
}
