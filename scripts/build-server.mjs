#!/usr/bin/env node
// Bundles the production server (lib/front-cache/server.ts and what it imports from lib/ and components/) into one
// ESM file inside the build folder, so `npm start` runs plain JavaScript, and the islands script of the statically
// rendered pages (components/islands) for the browser. Packages stay external on the server.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_RECORD, changedInput, fingerprint, readRecord, writeRecord } from "./build-inputs.mjs";
import { SERVER_EXTERNAL_PACKAGES } from "./external-packages.mjs";

export const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
export const distDir = () => process.env.HELIOGRAPH_DIST_DIR || ".next";
export const bundlePath = () => join(ROOT, distDir(), "heliograph-server.mjs");
const recordPath = () => join(ROOT, distDir(), SERVER_RECORD);
/** Read by lib/static-pages/assets.ts; the name is written there too. */
const assetsPath = () => join(ROOT, distDir(), "heliograph-assets.json");
/** Served by Next's static file handler with its immutable caching (the name carries the content's hash). */
const ISLANDS_DIR = "static/heliograph";

/** Read by the bundling itself rather than imported by the server: they change the bundle too. */
const BUILD_CONFIG = ["package-lock.json", "tsconfig.json", "scripts/build-server.mjs", "scripts/build-inputs.mjs", "scripts/external-packages.mjs"];

function islandsBuilt() {
  try {
    const { islands } = JSON.parse(readFileSync(assetsPath(), "utf8"));
    return typeof islands === "string" && existsSync(join(ROOT, distDir(), islands.replace(/^\/_next\//, "")));
  } catch {
    return false;
  }
}

/** Why the bundle must be (re)built, in one line, or null when every input esbuild read is unchanged. */
export function staleReason() {
  if (!existsSync(bundlePath())) return "no server bundle yet";
  if (!islandsBuilt()) return "no islands script yet";
  return changedInput(ROOT, readRecord(recordPath()));
}

/** True when the bundle is missing or any file it was built from changed. */
export const needsBuild = () => staleReason() !== null;

/**
 * `server-only` throws outside the react-server condition, and this bundle runs without it (react-dom/server
 * renders the static pages): the modules it guards are meant for the server, which this is.
 */
const serverOnlyStub = {
  name: "server-only-stub",
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "stub" }));
    b.onLoad({ filter: /.*/, namespace: "stub" }, () => ({ contents: "", loader: "js" }));
  },
};

/**
 * Left to Node's module loader at run time: the server externals, and Next and React, which the bundle shares
 * with Next's own modules in one process. Everything else is bundled: resolving hundreds of small ES modules
 * (the markdown pipeline alone is some 300 files) took about 250 ms of every start before the port was bound.
 */
const BUNDLE_EXTERNALS = [...SERVER_EXTERNAL_PACKAGES, "next", "react", "react-dom", "esbuild"].flatMap((p) => [p, `${p}/*`]);

/** Bundled CommonJS packages call require() for Node's own modules, which ES modules lack. */
export const REQUIRE_SHIM = 'import { createRequire as __hgCreateRequire } from "node:module";\nconst require = __hgCreateRequire(import.meta.url);';

/** esbuild options for server code run by Node (the server and worker bundles; scripts/dev.mjs's renderer). */
export function nodeBundleOptions(entry, outfile) {
  return {
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    jsx: "automatic",
    external: BUNDLE_EXTERNALS,
    // Without comments or layout the bundle is ASCII (esbuild escapes non-ASCII in code, not in the comments
    // it keeps), so V8 holds its source one byte per character for the life of the process: 3.7 MB instead of
    // 7.5 MB of two-byte string (one apostrophe in one bundled comment was enough to double it; issue 15).
    // Names are kept: stack traces still name every function.
    minifyWhitespace: true,
    banner: { js: REQUIRE_SHIM },
    plugins: [serverOnlyStub],
    tsconfig: join(ROOT, "tsconfig.json"),
    logLevel: "warning",
  };
}

/** The islands script's esbuild options (scripts/dev.mjs builds it too, unminified, on every change). */
export function islandsOptions(outdir) {
  return {
    absWorkingDir: ROOT,
    entryPoints: [join(ROOT, "components/islands/islands.tsx")],
    outdir,
    entryNames: "islands-[hash]",
    bundle: true,
    platform: "browser",
    format: "esm",
    target: "es2022",
    jsx: "automatic",
    minify: true,
    tsconfig: join(ROOT, "tsconfig.json"),
    // next-intl's root entry brings Next's router along for its provider; the islands use its core, use-intl.
    alias: { "next-intl": "use-intl" },
    define: { "process.env.NODE_ENV": '"production"' },
    legalComments: "none",
    logLevel: "warning",
    metafile: true,
  };
}

async function buildIslands(build) {
  const outdir = join(ROOT, distDir(), ISLANDS_DIR);
  // One script per build: earlier ones would pile up (the name changes with the content).
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const result = await build(islandsOptions(outdir));
  const out = Object.keys(result.metafile.outputs).find((f) => f.endsWith(".js"));
  return { href: `/_next/${ISLANDS_DIR}/${basename(out)}`, inputs: Object.keys(result.metafile.inputs) };
}

export async function buildServer() {
  const { build } = await import("esbuild");
  const result = await build({
    ...nodeBundleOptions("lib/front-cache/server.ts", bundlePath()),
    // The inputs it actually bundled, relative to ROOT: the freshness record is made of them.
    metafile: true,
    banner: { js: `// Built by scripts/build-server.mjs from lib/front-cache/server.ts. Do not edit.\n${REQUIRE_SHIM}` },
  });
  const islands = await buildIslands(build);
  writeFileSync(assetsPath(), `${JSON.stringify({ islands: islands.href })}\n`);
  // Packages are covered by package-lock.json (BUILD_CONFIG); the islands script bundles some of them.
  const inputs = [...Object.keys(result.metafile.inputs), ...islands.inputs].filter((f) => !f.startsWith("stub:") && !f.startsWith("node_modules/"));
  writeRecord(recordPath(), fingerprint(ROOT, [...inputs, ...BUILD_CONFIG]));
  return bundlePath();
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = await buildServer();
  process.stdout.write(`server bundle: ${out}\n`);
}
