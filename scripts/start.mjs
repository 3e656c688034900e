#!/usr/bin/env node
// `npm start`: build once if there is no production build yet, then serve with demo data.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";

const dist = process.env.HELIOGRAPH_DIST_DIR || ".next";
if (!existsSync(join(dist, "BUILD_ID")) || process.argv.includes("--build")) {
  process.stdout.write("Building Heliograph (first start only)...\n");
  const r = spawnSync("npx", ["next", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import("./serve.mjs");
