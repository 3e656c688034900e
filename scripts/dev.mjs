#!/usr/bin/env node
// `npm run dev`: Heliograph's server with Next in development mode, rebuilt by scripts/build.mjs's esbuild step
// (development options) and restarted on any change under lib/, components/ or app/: every module is new after an
// edit, not only those Next reloads itself. The server runs as a child process (scripts/serve.mjs --dev).
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, watch, writeFileSync } from "node:fs";
import { join } from "node:path";
import tailwind from "@tailwindcss/postcss";
import { context } from "esbuild";
import postcss from "postcss";
import { DEV_OUT, ROOT, distDir, esbuildOptions } from "./build.mjs";

const WATCHED_DIRS = ["lib", "components", "app"];
/** Root files that change what runs (tsconfig.json is left out: Next may rewrite it when it starts). */
const WATCHED_FILES = new Set(["next.config.mjs", "postcss.config.mjs", "proxy.ts", "instrumentation.ts"]);
/** Editors' swap and backup files, and anything hidden. */
const IGNORED = /(?:^|[\\/])\.|~$|\.swp$|\.tmp$/;
/** A server that does not stop within this after SIGTERM is killed: a restart must not wait for open requests. */
const STOP_MS = 5000;

const say = (line) => process.stderr.write(`heliograph dev: ${line}\n`);
const out = join(ROOT, distDir(), DEV_OUT);
mkdirSync(out, { recursive: true });

/** The app's stylesheet as Next compiles it (postcss.config.mjs): Tailwind writes only the classes the sources use. */
async function compileCss() {
  const from = join(ROOT, "app/globals.css");
  const result = await postcss([tailwind()]).process(readFileSync(from, "utf8"), { from });
  writeFileSync(join(out, "page.css"), result.css);
}

const contexts = await Promise.all(esbuildOptions({ dev: true }).map((options) => context(options)));
const rebuild = () => Promise.all([...contexts.map((c) => c.rebuild()), compileCss()]);

let server;
let stopping = false;

function start() {
  const proc = spawn(process.execPath, [join(ROOT, "scripts/serve.mjs"), "--dev"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "development" } });
  proc.on("exit", (code, signal) => {
    if (proc === server && !stopping) say(`the server exited (${signal ?? `code ${code}`}); it starts again at the next change`);
  });
  server = proc;
}

function stop(proc) {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => proc.kill("SIGKILL"), STOP_MS);
    proc.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    proc.kill("SIGTERM");
  });
}

let cycling = false;
let again = false;
/** Rebuilds and restarts; changes that arrive meanwhile make one more round. A failed build keeps the last server. */
async function cycle() {
  if (cycling) return void (again = true);
  cycling = true;
  try {
    do {
      again = false;
      try {
        await rebuild();
      } catch (err) {
        say(`the build failed, the server keeps running the last good one (${err.message.split("\n")[0]})`);
        continue;
      }
      if (stopping) return;
      const old = server;
      server = undefined;
      await stop(old);
      if (!stopping) start();
    } while (again);
  } finally {
    cycling = false;
  }
}

let timer;
function changed(file) {
  if (!file || IGNORED.test(file)) return;
  // Editors write a file in several steps: one restart for the lot.
  clearTimeout(timer);
  timer = setTimeout(() => {
    say(`${file} changed: rebuilding and restarting`);
    void cycle();
  }, 100);
}

for (const dir of WATCHED_DIRS) watch(join(ROOT, dir), { recursive: true }, (_event, file) => changed(file && join(dir, file)));
watch(ROOT, (_event, file) => WATCHED_FILES.has(file) && changed(file));
try {
  await rebuild();
  start();
} catch (err) {
  say(`the build failed: the server starts at the next change (${err.message.split("\n")[0]})`);
}

for (const sig of ["SIGINT", "SIGTERM"]) {
  process.once(sig, async () => {
    stopping = true;
    clearTimeout(timer);
    await stop(server);
    await Promise.all(contexts.map((c) => c.dispose()));
    process.exit(0);
  });
}
