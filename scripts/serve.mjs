#!/usr/bin/env node
// Serves Heliograph: the front cache around Next's handler, in one process (docs/caching.md). Builds first only when
// there is no build (scripts/build.mjs); a build older than the tree is served as it is, with a warning, since a
// rebuild here would rewrite the folder under other processes serving it. With --dev, runs scripts/dev.mjs's build.
import { pathToFileURL } from "node:url";
import { ROOT, distDir, ensureBuilt, missingReason, serverBundle, staleReason } from "./build.mjs";

const dev = process.argv.includes("--dev");
// React is loaded by the server bundle before Next would set this: without it the status page renders with
// React's development build (several times slower, and noisy).
process.env.NODE_ENV ??= dev ? "development" : "production";

try {
  if (!dev && missingReason()) await ensureBuilt({ added: false }, (line) => process.stdout.write(`${line}\n`));
  const stale = dev ? null : staleReason({ added: false });
  // On stdout, as the server's own lines: stderr is kept for what stops it.
  if (stale) process.stdout.write(`heliograph: serving a build older than the tree (${stale}): run \`npm run build\`\n`);
  const mod = await import(pathToFileURL(serverBundle(dev)).href);
  await mod.startServer({ dir: ROOT, distDir: distDir(), dev });
} catch (err) {
  // Invalid configuration (thrown while lib/env.ts loads), a port that cannot be bound or a failed build: one line
  // for the operator and a non-zero exit, so a supervisor sees the failure.
  if (err?.name === "ConfigError" || /^next build failed/.test(err?.message)) {
    process.stderr.write(`heliograph: ${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
