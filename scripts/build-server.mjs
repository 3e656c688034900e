#!/usr/bin/env node
// Bundles the production server (lib/front-cache/server.ts and what it imports from lib/) into one ESM
// file inside the build folder, so `npm start` runs plain JavaScript. Packages stay external.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
export const distDir = () => process.env.HELIOGRAPH_DIST_DIR || ".next";
export const bundlePath = () => join(ROOT, distDir(), "heliograph-server.mjs");

const SOURCES = ["lib/front-cache", "lib/cache", "lib/env.ts", "lib/log", "lib/errors", "scripts/build-server.mjs"];

function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((f) => newest(join(path, f))));
}

/** True when the bundle is missing or older than its sources. */
export function needsBuild() {
  const out = bundlePath();
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return SOURCES.some((s) => existsSync(join(ROOT, s)) && newest(join(ROOT, s)) > built);
}

export async function buildServer() {
  const { build } = await import("esbuild");
  await build({
    entryPoints: [join(ROOT, "lib/front-cache/server.ts")],
    outfile: bundlePath(),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: join(ROOT, "tsconfig.json"),
    logLevel: "warning",
    banner: { js: "// Built by scripts/build-server.mjs from lib/front-cache/server.ts. Do not edit." },
  });
  return bundlePath();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildServer();
  process.stdout.write(`server bundle: ${out}\n`);
}
