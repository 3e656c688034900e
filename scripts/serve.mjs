#!/usr/bin/env node
// Serves the production build through Heliograph's server: the front cache around Next's handler,
// in one process (see docs/caching.md). Bundles the server first when its sources changed.
import { pathToFileURL } from "node:url";
import { ROOT, bundlePath, buildServer, needsBuild } from "./build-server.mjs";

if (needsBuild()) await buildServer();
let mod;
try {
  mod = await import(pathToFileURL(bundlePath()).href);
} catch (err) {
  // Invalid configuration is thrown while lib/env.ts loads: one line for the operator.
  if (err?.name === "ConfigError") {
    process.stderr.write(`heliograph: ${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
await mod.startServer({ dir: ROOT });
