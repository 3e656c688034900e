#!/usr/bin/env node
// `npm run worker`: the notification worker as its own process (several may run at once). Builds the bundles first
// when any file they were built from changed (scripts/build.mjs; not Next, which a worker does not run), then runs
// the worker's bundle in this process. package.json gives node a small young generation: lib/notifications/README.md.
import { pathToFileURL } from "node:url";
import { ensureBuilt, workerBundle } from "./build.mjs";

// Messages are rendered with react-dom/server: its production build, as the web process uses.
process.env.NODE_ENV ??= "production";

await ensureBuilt({ next: false, added: false });
await import(pathToFileURL(workerBundle()).href);
