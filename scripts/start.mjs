#!/usr/bin/env node
// `npm start`: (re)build when the build is missing or was built from other sources than the tree has now (after
// a `git pull`, say: scripts/build.mjs), then serve with demo data. The server runs as a child process: its node
// flags and memory settings (scripts/server-process.mjs) can only be set when a process starts.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { build, ensureBuilt } from "./build.mjs";
import { serverEnv, serverNodeArgs } from "./server-process.mjs";

const say = (line) => process.stdout.write(`${line}\n`);
try {
  if (process.argv.includes("--build")) {
    say("Building Heliograph: asked to with --build");
    await build();
  } else await ensureBuilt({}, say);
} catch (err) {
  process.stderr.write(`heliograph: ${err.message}\n`);
  process.exit(1);
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
