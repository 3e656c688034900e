#!/usr/bin/env node
// Serves the production build through Heliograph's server: the front cache around Next's handler,
// in one process (see docs/caching.md). Bundles the server first when anything it was built from changed.
import { pathToFileURL } from "node:url";
import { ROOT, bundlePath, buildServer, distDir, staleReason } from "./build-server.mjs";

// React is loaded by the server bundle before Next would set this: without it the status page renders with
// React's development build (several times slower, and noisy). `npm run dev` sets "development" itself.
process.env.NODE_ENV ??= "production";

const stale = staleReason();
if (stale) {
  process.stdout.write(`Bundling the server: ${stale}\n`);
  await buildServer();
}
try {
  const mod = await import(pathToFileURL(bundlePath()).href);
  await mod.startServer({ dir: ROOT, distDir: distDir() });
} catch (err) {
  // Invalid configuration (thrown while lib/env.ts loads) or a port that cannot be bound: one line
  // for the operator and a non-zero exit, so a supervisor sees the failure.
  if (err?.name === "ConfigError") {
    process.stderr.write(`heliograph: ${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
