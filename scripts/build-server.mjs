#!/usr/bin/env node
// Bundles the production server (lib/front-cache/server.ts and what it imports from lib/) into one ESM
// file inside the build folder, so `npm start` runs plain JavaScript. Packages stay external.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_RECORD, changedInput, fingerprint, readRecord, writeRecord } from "./build-inputs.mjs";

export const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
export const distDir = () => process.env.HELIOGRAPH_DIST_DIR || ".next";
export const bundlePath = () => join(ROOT, distDir(), "heliograph-server.mjs");
const recordPath = () => join(ROOT, distDir(), SERVER_RECORD);

/** Read by the bundling itself rather than imported by the server: they change the bundle too. */
const BUILD_CONFIG = ["package-lock.json", "tsconfig.json", "scripts/build-server.mjs", "scripts/build-inputs.mjs"];

/** Why the bundle must be (re)built, in one line, or null when every input esbuild read is unchanged. */
export function staleReason() {
  if (!existsSync(bundlePath())) return "no server bundle yet";
  return changedInput(ROOT, readRecord(recordPath()));
}

/** True when the bundle is missing or any file it was built from changed. */
export const needsBuild = () => staleReason() !== null;

export async function buildServer() {
  const { build } = await import("esbuild");
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, "lib/front-cache/server.ts")],
    outfile: bundlePath(),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: join(ROOT, "tsconfig.json"),
    logLevel: "warning",
    // The inputs it actually bundled, relative to ROOT: the freshness record is made of them.
    metafile: true,
    banner: { js: "// Built by scripts/build-server.mjs from lib/front-cache/server.ts. Do not edit." },
  });
  writeRecord(recordPath(), fingerprint(ROOT, [...Object.keys(result.metafile.inputs), ...BUILD_CONFIG]));
  return bundlePath();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildServer();
  process.stdout.write(`server bundle: ${out}\n`);
}
