// What a build read, and whether any of it changed since: `npm start` decides freshness from these records
// (written beside the build) instead of a hand-kept list of folders, which misses whatever nobody listed.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** Record format version: an unknown version counts as "no record" (rebuild). */
const VERSION = 1;

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

export function writeRecord(path, files) {
  writeFileSync(path, `${JSON.stringify({ version: VERSION, files }, null, 1)}\n`);
}

export function readRecord(path) {
  try {
    const rec = JSON.parse(readFileSync(path, "utf8"));
    return rec?.version === VERSION && rec.files && typeof rec.files === "object" ? rec : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why the recorded inputs no longer describe the tree (one line), or null when they all still do.
 * A file whose size and mtime are unchanged is taken as unchanged; otherwise its content decides, so a
 * `git checkout` that rewrites a file with the same bytes does not force a rebuild. `current`, when
 * given, is the file set the build would read now: a file that joined it is a change too.
 */
export function changedInput(root, record, current) {
  if (!record) return "no record of what the build read";
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
 * Files that cannot reach `next build`'s output. Everything else in the project counts as an input: an
 * exclusion list fails safe (a new folder makes builds rebuild), where the old inclusion list failed
 * stale. Next's own traces (*.nft.json) list emitted chunks and node_modules, not our sources, so they
 * cannot say which sources were read; the content of the whole tree can.
 */
const NOT_BUILD_INPUTS = [/^tests\//, /^docs\//, /^scripts\//, /^\.github\//, /^\.ci\//, /^[^/]+\.md$/, /^LICENSE/, /^\.gitignore$/, /^eslint\.config\.mjs$/, /^vitest\.config\.m?ts$/];
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

/** The project files `next build` may read: git's tracked and unignored files (or a walk without git), less NOT_BUILD_INPUTS, plus env files. */
export function nextBuildInputs(root) {
  const files = (gitFiles(root) ?? walk(root)).filter((f) => !NOT_BUILD_INPUTS.some((re) => re.test(f)));
  for (const f of ENV_FILES) if (existsSync(join(root, f))) files.push(f);
  return [...new Set(files)].sort();
}

export const NEXT_RECORD = "heliograph-build-inputs.json";
export const SERVER_RECORD = "heliograph-server.inputs.json";

/** Why the Next build in distDir is stale (one line), or null when it was built from the tree as it is. */
export function nextBuildStale(root, distDir) {
  if (!existsSync(join(root, distDir, "BUILD_ID"))) return "no production build yet";
  return changedInput(root, readRecord(join(root, distDir, NEXT_RECORD)), nextBuildInputs(root));
}
