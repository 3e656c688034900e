#!/usr/bin/env node
// `npm start`: (re)build when the production build is missing or was built from other sources than the
// tree has now (after a `git pull`, say), then serve with demo data. The server runs as a child process:
// its node flags and memory settings (scripts/server-process.mjs) can only be set when a process starts.
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { ROOT, distDir } from "./build-server.mjs";
import { nextBuildStale } from "./build-inputs.mjs";
import { serverEnv, serverNodeArgs } from "./server-process.mjs";

const stale = process.argv.includes("--build") ? "asked to with --build" : nextBuildStale(ROOT, distDir());
if (stale) {
  process.stdout.write(`Building Heliograph: ${stale}\n`);
  const r = spawnSync("npx", ["next", "build"], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const serve = fileURLToPath(new URL("./serve.mjs", import.meta.url));
const child = spawn(process.execPath, [...serverNodeArgs(process.env, process.execArgv), serve], { env: serverEnv(), stdio: "inherit" });
// A supervisor signals this process: the server shuts down gracefully on its own signal handlers.
const SIGNALS = ["SIGINT", "SIGTERM"];
const forward = (sig) => child.kill(sig);
for (const sig of SIGNALS) process.on(sig, forward);
child.on("error", (err) => {
  process.stderr.write(`heliograph: could not start the server: ${err.message}\n`);
  process.exit(1);
});
child.on("exit", (code, signal) => {
  if (code !== null) process.exit(code);
  // Killed by a signal: die of the same one, so whoever started `npm start` sees how the server ended.
  for (const sig of SIGNALS) process.off(sig, forward);
  process.kill(process.pid, signal);
});
