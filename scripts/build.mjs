#!/usr/bin/env node
// The build: `next build` (the App Router's pages and the management API), then one esbuild step for Heliograph's
// own entry points, and one record of the files it was built from. `npm run build` always builds; `npm start` and
// `npm run worker` build when the record says the tree changed since (staleReason), scripts/serve.mjs when there is none.
import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(fileURLToPath(new URL("..", import.meta.url)));
/** Relative to ROOT; separate folders let parallel builds (tests, benchmarks) coexist. */
export const distDir = () => process.env.HELIOGRAPH_DIST_DIR || ".next";

/**
 * Loaded by Node from node_modules at run time, by Next (next.config.mjs) and by the bundles below: native drivers,
 * pino (its transport loads files by path), and packages whose one instance the server bundle and Next's route
 * modules share in one process (prom-client's registry, ioredis, nodemailer's pool).
 */
export const SERVER_EXTERNAL_PACKAGES = ["better-sqlite3", "pg", "pino", "ioredis", "nodemailer", "badge-maker", "request-filtering-agent", "prom-client"];

/**
 * Heliograph's entry points run by Node: one bundle each, from one esbuild call. Not the Open Graph engine: it is
 * forked as it is (lib/og/renderer.ts says why) and imports only Next's precompiled engine, which stays external.
 */
const NODE_ENTRIES = {
  server: "lib/front-cache/server.ts",
  worker: "lib/cli/worker.ts",
  // agent: the coming private-location agent goes here (its bundle beside the worker's, run as the worker is).
};
/** The browser's: the islands script of the statically rendered status page. */
const BROWSER_ENTRIES = { islands: "components/islands/islands.tsx" };

/** In the build folder. The record's name is spelled in lib/static-pages/assets.ts too (it reads `islands`). */
export const RECORD = "heliograph-build.json";
const NODE_OUT = "heliograph";
/** Served by Next's static file handler with its immutable caching (the name carries the content's hash). */
const ISLANDS_OUT = "static/heliograph";
/** `npm run dev`'s bundles, islands and stylesheet (lib/static-pages/dev-paths.ts spells it too). */
export const DEV_OUT = "heliograph-dev";

export const serverBundle = (dev = false) => join(ROOT, distDir(), dev ? DEV_OUT : NODE_OUT, "server.mjs");
export const workerBundle = () => join(ROOT, distDir(), NODE_OUT, "worker.mjs");

/**
 * `server-only` throws outside the react-server condition, and these bundles run without it (react-dom/server
 * renders the status page and e-mails): the modules it guards are meant for the server, which this is.
 */
const serverOnlyStub = {
  name: "server-only-stub",
  setup(b) {
    b.onResolve({ filter: /^server-only$/ }, () => ({ path: "server-only", namespace: "stub" }));
    b.onLoad({ filter: /.*/, namespace: "stub" }, () => ({ contents: "", loader: "js" }));
  },
};

/** Next and React stay Node's: the server shares them with Next's own modules in one process. */
const NODE_EXTERNALS = [...SERVER_EXTERNAL_PACKAGES, "next", "react", "react-dom", "esbuild"].flatMap((p) => [p, `${p}/*`]);
/** Bundled CommonJS packages call require() for Node's own modules, which ES modules lack. */
const REQUIRE_SHIM = 'import { createRequire as __hgCreateRequire } from "node:module";\nconst require = __hgCreateRequire(import.meta.url);';

/**
 * The esbuild step: every Node entry point in one call, the browser's in another, since esbuild takes one platform,
 * externals and minification per call: the islands carry React and are minified whole (35 % heavier gzipped with
 * whitespace minified only), the server leaves React to Node and keeps its names for stack traces.
 */
export function esbuildOptions({ dev = false } = {}) {
  const dist = join(ROOT, distDir());
  const common = { absWorkingDir: ROOT, bundle: true, format: "esm", jsx: "automatic", tsconfig: join(ROOT, "tsconfig.json"), logLevel: "warning" };
  const node = {
    ...common,
    entryPoints: NODE_ENTRIES,
    outdir: join(dist, dev ? DEV_OUT : NODE_OUT),
    outExtension: { ".js": ".mjs" },
    platform: "node",
    target: "node20",
    external: NODE_EXTERNALS,
    // Without comments (license banners included) or layout the bundle is ASCII: V8 keeps it one byte per character.
    minifyWhitespace: !dev,
    legalComments: "none",
    banner: { js: `// Built by scripts/build.mjs. Do not edit.\n${REQUIRE_SHIM}` },
    plugins: [serverOnlyStub],
  };
  const browser = {
    ...common,
    entryPoints: BROWSER_ENTRIES,
    outdir: join(dist, dev ? DEV_OUT : ISLANDS_OUT),
    entryNames: dev ? "[name]" : "[name]-[hash]",
    platform: "browser",
    target: "es2022",
    minify: !dev,
    // next-intl's root entry brings Next's router along for its provider; the islands use its core, use-intl.
    alias: { "next-intl": "use-intl" },
    define: { "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production") },
    legalComments: "none",
  };
  return [node, browser];
}

/** Writes `path` through a temporary file: a process reading it meanwhile sees the old file or the new one. */
function writeAtomically(path, contents) {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, contents);
    renameSync(tmp, path);
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** Runs the esbuild step into the build folder; returns the outputs (relative to it) and the islands' address. */
async function bundle() {
  const esbuild = await import("esbuild");
  const dist = join(ROOT, distDir());
  try {
    const results = await Promise.all(esbuildOptions().map((options) => esbuild.build({ ...options, write: false })));
    const files = results.flatMap((r) => r.outputFiles);
    for (const f of files) writeAtomically(f.path, f.contents);
    const islands = files.find((f) => f.path.startsWith(join(dist, ISLANDS_OUT, "islands-")) && f.path.endsWith(".js"));
    // One islands script per build: earlier ones would pile up (the name changes with the content).
    for (const name of readdirSync(dirname(islands.path))) if (name !== basename(islands.path)) rmSync(join(dirname(islands.path), name), { force: true });
    return { outputs: files.map((f) => relative(dist, f.path).split(sep).join("/")), islands: `/_next/${ISLANDS_OUT}/${basename(islands.path)}` };
  } finally {
    // esbuild keeps a service process for later builds; the process that built runs a bundle next.
    await esbuild.stop();
  }
}

const sha256 = (path) => createHash("sha256").update(readFileSync(path)).digest("hex");

function statOf(path) {
  try {
    const st = statSync(path);
    return st.isFile() ? st : undefined;
  } catch {
    return undefined;
  }
}

/** Size, mtime and content hash of each file (paths relative to root, "/"-separated). Missing files are left out. */
export function fingerprint(root, files) {
  const out = {};
  for (const file of [...new Set(files)].sort()) {
    const st = statOf(join(root, file));
    if (st) out[file] = { size: st.size, mtimeMs: st.mtimeMs, sha256: sha256(join(root, file)) };
  }
  return out;
}

/** Record format version: an unknown version counts as no record (rebuild). */
const VERSION = 2;

/** record: { next, islands, outputs, files } (BuildRecord in scripts/build.d.mts, less its version). */
export function writeRecord(path, record) {
  writeAtomically(path, `${JSON.stringify({ version: VERSION, ...record }, null, 1)}\n`);
}

export function readRecord(path) {
  try {
    const rec = JSON.parse(readFileSync(path, "utf8"));
    return rec?.version === VERSION && rec.files && typeof rec.files === "object" && Array.isArray(rec.outputs) ? rec : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why the recorded inputs no longer describe the tree (one line), or null. A file whose size and mtime are unchanged
 * is taken as unchanged, otherwise its content decides (a checkout that rewrote the same bytes is no change).
 * `current`, when given, is the file set the build would read now: a file that joined it is a change too.
 */
export function changedInput(root, record, current) {
  for (const [file, was] of Object.entries(record.files)) {
    const st = statOf(join(root, file));
    if (!st) return `${file} was removed`;
    if (st.size === was.size && st.mtimeMs === was.mtimeMs) continue;
    if (st.size !== was.size || sha256(join(root, file)) !== was.sha256) return `${file} changed`;
  }
  for (const file of current ?? []) if (!(file in record.files) && statOf(join(root, file))) return `${file} was added`;
  return null;
}

/**
 * Files that cannot reach the build. Everything else in the project counts as an input: an exclusion list fails
 * safe (a new folder makes a rebuild), where an inclusion list fails stale. Next's traces (*.nft.json) name emitted
 * chunks and packages, not our sources, so the content of the whole tree decides.
 */
const NOT_BUILD_INPUTS = [/^tests\//, /^docs\//, /^scripts\/(?!build\.mjs$)/, /^\.github\//, /^\.ci\//, /^[^/]+\.md$/, /^LICENSE/, /^\.gitignore$/, /^eslint\.config\.mjs$/, /^vitest\.config\.m?ts$/];
/** Read by Next at build time although git ignores them (NEXT_PUBLIC_* values are inlined). */
const ENV_FILES = [".env", ".env.local", ".env.production", ".env.production.local"];
/** Never sources, when there is no git to ask which files are tracked. */
const WALK_SKIP = new Set(["node_modules", ".git", "data", "coverage", "test-results"]);

function gitFiles(root) {
  const r = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { cwd: root, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return r.status === 0 ? r.stdout.split("\0").filter(Boolean) : undefined;
}

function walk(root, dir = root, out = []) {
  for (const ent of readdirSync(dir, { withFileTypes: true })) {
    if (ent.name.startsWith(".next") || WALK_SKIP.has(ent.name) || /\.db(?:-wal|-shm)?$/.test(ent.name)) continue;
    const path = join(dir, ent.name);
    if (ent.isDirectory()) walk(root, path, out);
    else if (ent.isFile()) out.push(relative(root, path).split(sep).join("/"));
  }
  return out;
}

/** The project files the build may read: git's tracked and unignored files (or a walk without git) less NOT_BUILD_INPUTS, plus env files. */
export function buildInputs(root) {
  const files = (gitFiles(root) ?? walk(root)).filter((f) => !NOT_BUILD_INPUTS.some((re) => re.test(f)));
  for (const f of ENV_FILES) if (existsSync(join(root, f))) files.push(f);
  return [...new Set(files)].sort();
}

/** Why there is no complete build in the build folder to run (one line), or null. `next`: Next's output is needed too. */
export function missingReason({ root = ROOT, dist = distDir(), next = true } = {}) {
  const record = readRecord(join(root, dist, RECORD));
  if (!record) return existsSync(join(root, dist)) ? "no record of what the build read" : "no build yet";
  if (next && !record.next && !existsSync(join(root, dist, "BUILD_ID"))) return "only the bundles were built (npm run worker)";
  const missing = [...(next ? ["BUILD_ID"] : []), ...record.outputs].find((f) => !existsSync(join(root, dist, f)));
  return missing ? `${missing} is missing` : null;
}

/**
 * Why the build in the build folder must be rebuilt before it is run (one line), or null. `next`: Next's part is
 * needed too (the server; `npm run worker` needs only the bundles). `added`: also ask git for files that joined the
 * tree (about 0.1 s, which every start of scripts/serve.mjs would pay; `npm start` asks).
 */
export function staleReason({ root = ROOT, dist = distDir(), next = true, added = true } = {}) {
  const missing = missingReason({ root, dist, next });
  if (missing) return missing;
  const record = readRecord(join(root, dist, RECORD));
  if (next && !record.next) return "only the bundles were built (npm run worker)";
  return changedInput(root, record, added ? buildInputs(root) : undefined);
}

/** `next build`, ended with this process: a build interrupted here must not go on writing the folder unseen. */
function nextBuild() {
  const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [nextBin, "build"], { cwd: ROOT, stdio: "inherit" });
    const forward = (sig) => child.kill(sig);
    for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, forward);
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      for (const sig of ["SIGINT", "SIGTERM"]) process.off(sig, forward);
      if (code === 0) resolve();
      else reject(new Error(`next build failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** Builds into the build folder: Next unless `next` is false, then the bundles, then the record. Call with the lock held. */
async function buildNow({ next = true } = {}) {
  const dist = join(ROOT, distDir());
  // Taken before anything is compiled: a file edited during the build counts as a change at the next start.
  const files = fingerprint(ROOT, buildInputs(ROOT));
  rmSync(join(dist, RECORD), { force: true });
  if (next) await nextBuild();
  const { outputs, islands } = await bundle();
  writeRecord(join(dist, RECORD), { next, islands, outputs, files });
}

/**
 * One builder per build folder at a time (servers and workers may start together): a directory beside the
 * folder, made atomically, with the holder's pid in it so that a crashed holder's lock is taken over.
 */
async function withBuildLock(run) {
  const lock = `${join(ROOT, distDir())}.lock`;
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== "EEXIST") throw err;
    }
    if (lockAbandoned(lock)) rmSync(lock, { recursive: true, force: true });
    else await new Promise((r) => setTimeout(r, 250));
  }
  try {
    writeFileSync(join(lock, "pid"), String(process.pid));
    return await run();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function lockAbandoned(lock) {
  let pid = NaN;
  try {
    pid = Number(readFileSync(join(lock, "pid"), "utf8"));
  } catch {
    // no pid yet
  }
  if (!Number.isInteger(pid) || pid <= 0) {
    // The holder is between making the lock and writing its pid, unless that was long ago.
    try {
      return Date.now() - statSync(lock).mtimeMs > 60_000;
    } catch {
      return false; // released meanwhile
    }
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return err.code === "ESRCH";
  }
}

/** Builds whatever staleReason(opts) asks for; returns what it said, or null when the build was fresh. */
export async function ensureBuilt(opts = {}, say = (line) => process.stderr.write(`${line}\n`)) {
  if (!staleReason(opts)) return null;
  return withBuildLock(async () => {
    // Another process may have built it while this one waited.
    const reason = staleReason(opts);
    if (reason) {
      say(`Building Heliograph: ${reason}`);
      await buildNow({ next: opts.next });
    }
    return reason;
  });
}

/** `npm run build`: everything, whatever the record says. */
export const build = (opts = {}) => withBuildLock(() => buildNow(opts));

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await build();
    process.stdout.write(`Heliograph built in ${distDir()}\n`);
  } catch (err) {
    process.stderr.write(`heliograph: ${err.message}\n`);
    process.exit(1);
  }
}
