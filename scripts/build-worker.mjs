#!/usr/bin/env node
// Bundles the notification worker (lib/cli/worker.ts and what it imports) into one ESM file inside the build
// folder, as scripts/build-server.mjs does for the server: `npm run worker` then runs plain JavaScript instead
// of compiling TypeScript with tsx at every start. Measured with bench:notify: about 20 MB less RSS at rest and
// at peak, and a little less CPU per delivery. Pure-JS packages are bundled too (nodeBundleOptions lists those
// that stay external). It does not need `next build`.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { changedInput, fingerprint, readRecord, writeRecord } from "./build-inputs.mjs";
import { REQUIRE_SHIM, ROOT, distDir, nodeBundleOptions } from "./build-server.mjs";

export const workerBundlePath = () => join(ROOT, distDir(), "heliograph-worker.mjs");
const recordPath = () => join(ROOT, distDir(), "heliograph-worker-inputs.json");
/** Read by the bundling itself rather than imported by the worker: they change the bundle too. */
const BUILD_CONFIG = ["package-lock.json", "tsconfig.json", "scripts/build-server.mjs", "scripts/build-worker.mjs", "scripts/build-inputs.mjs", "scripts/external-packages.mjs"];

/**
 * `npm run worker`'s node arguments (its V8 flags and the script) as package.json spells them, so the benchmark
 * and the crash test spawn exactly that process, without npm in between.
 */
export function workerNodeArgs() {
  const [node, ...args] = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts.worker.split(/\s+/);
  if (node !== "node") throw new Error(`npm run worker no longer starts with node: ${node}`);
  return args;
}

/** Why the bundle must be (re)built, in one line, or null when every input esbuild read is unchanged. */
export function workerStaleReason() {
  if (!existsSync(workerBundlePath())) return "no worker bundle yet";
  return changedInput(ROOT, readRecord(recordPath()));
}

/**
 * Several workers may start at once (`npm run worker` on one machine, twice): each writes its own files and
 * renames them into place, so none imports a half-written bundle. The record is renamed last: a reader
 * that sees it also sees the bundle it describes.
 */
export async function buildWorker() {
  const esbuild = await import("esbuild");
  mkdirSync(join(ROOT, distDir()), { recursive: true });
  const tmp = `${workerBundlePath()}.${process.pid}.tmp`;
  try {
    const result = await esbuild.build({
      ...nodeBundleOptions("lib/cli/worker.ts", tmp),
      metafile: true,
      banner: { js: `// Built by scripts/build-worker.mjs from lib/cli/worker.ts. Do not edit.\n${REQUIRE_SHIM}` },
    });
    const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.startsWith("stub:") && !f.startsWith("node_modules/"));
    writeRecord(`${recordPath()}.${process.pid}.tmp`, fingerprint(ROOT, [...inputs, ...BUILD_CONFIG]));
    renameSync(tmp, workerBundlePath());
    renameSync(`${recordPath()}.${process.pid}.tmp`, recordPath());
  } finally {
    rmSync(tmp, { force: true });
    rmSync(`${recordPath()}.${process.pid}.tmp`, { force: true });
    // esbuild keeps a service process for later builds; the worker never builds again.
    await esbuild.stop();
  }
  return workerBundlePath();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`worker bundle: ${await buildWorker()}\n`);
}
