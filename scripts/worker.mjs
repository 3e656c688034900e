#!/usr/bin/env node
// `npm run worker`: the notification worker as its own process (several may run at once). Bundles it first
// when anything it was built from changed (scripts/build-worker.mjs), then runs the bundle in this process.
// package.json gives node a small young generation (--max-semi-space-size): see lib/notifications/README.md.
import { pathToFileURL } from "node:url";
import { buildWorker, workerBundlePath, workerStaleReason } from "./build-worker.mjs";

// Messages are rendered with react-dom/server: its production build, as the web process uses.
process.env.NODE_ENV ??= "production";

const stale = workerStaleReason();
if (stale) {
  process.stderr.write(`Bundling the worker: ${stale}\n`);
  await buildWorker();
}
await import(pathToFileURL(workerBundlePath()).href);
