#!/usr/bin/env node
// `npm start`: (re)build when the production build is missing or was built from other sources than the
// tree has now (after a `git pull`, say), then serve with demo data.
import { spawnSync } from "node:child_process";
import { ROOT, distDir } from "./build-server.mjs";
import { nextBuildStale } from "./build-inputs.mjs";

const stale = process.argv.includes("--build") ? "asked to with --build" : nextBuildStale(ROOT, distDir());
if (stale) {
  process.stdout.write(`Building Heliograph: ${stale}\n`);
  const r = spawnSync("npx", ["next", "build"], { cwd: ROOT, stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import("./serve.mjs");
