/**
 * One build and one record of what it read (scripts/build.mjs): `npm start`, scripts/serve.mjs and `npm run worker`
 * decide from the whole tree whether to rebuild, not from a hand-kept folder list (the old one missed lib/access and
 * lib/secrets, which the server bundle imports).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { RECORD, ROOT, buildInputs, changedInput, ensureBuilt, esbuildOptions, fingerprint, missingReason, readRecord, serverBundle, staleReason, workerBundle, writeRecord } from "@/scripts/build.mjs";
import { workerNodeArgs } from "@/scripts/server-process.mjs";

/** Each non-ASCII character with a little context, so a failure says where it came from. */
const nonAscii = (text: string) => [...text.matchAll(/[^\x00-\x7f]/gu)].slice(0, 5).map((m) => text.slice(Math.max(0, m.index - 40), m.index + 10));

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function project(files: Record<string, string>, git = false): string {
  const root = mkdtempSync(join(tmpdir(), "hg-fresh-"));
  dirs.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  if (git) {
    const run = (...args: string[]) => expect(spawnSync("git", args, { cwd: root }).status).toBe(0);
    run("init", "-q");
    run("add", "-A");
  }
  return root;
}

/** A fake build: Next's BUILD_ID (unless bundles only), the bundles, and the record as scripts/build.mjs writes it. */
function fakeBuild(root: string, next = true) {
  const outputs = ["heliograph/server.mjs", "heliograph/worker.mjs"];
  for (const f of [...(next ? ["BUILD_ID"] : []), ...outputs]) {
    mkdirSync(dirname(join(root, ".next", f)), { recursive: true });
    writeFileSync(join(root, ".next", f), "built");
  }
  writeRecord(join(root, ".next", RECORD), { next, islands: "/_next/static/heliograph/islands-X.js", outputs, files: fingerprint(root, buildInputs(root)) });
}

const TREE = {
  "app/page.tsx": "export default function Page() {}",
  "lib/access/token.ts": "export const a = 1;",
  "lib/tenancy/route.ts": "export const r = 1;",
  "package-lock.json": "{}",
  "next.config.mjs": "export default {};",
  "scripts/build.mjs": "// the build",
  "scripts/test.mjs": "// the tests",
  "tests/unit/x.test.ts": "test",
  "docs/caching.md": "# docs",
  "README.md": "# readme",
  ".gitignore": "data/\n*.db\n.next*/\n",
};

describe.each([false, true])("the build's freshness (git: %s)", (git) => {
  const stale = (root: string, opts: { next?: boolean; added?: boolean } = {}) => staleReason({ root, dist: ".next", ...opts });

  it("is fresh on an unchanged tree, and after a checkout that rewrote a file with the same bytes", () => {
    const root = project(TREE, git);
    fakeBuild(root);
    expect(stale(root)).toBeNull();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, "lib/access/token.ts"), later, later);
    expect(stale(root)).toBeNull();
  });

  it("is stale when a file under a folder the old list missed changes, appears or goes, or the build script changes", () => {
    const root = project(TREE, git);
    fakeBuild(root);
    writeFileSync(join(root, "lib/access/token.ts"), "export const a = 2;");
    expect(stale(root)).toBe("lib/access/token.ts changed");
    fakeBuild(root);
    writeFileSync(join(root, "lib/tenancy/new-rule.ts"), "export const n = 1;");
    expect(stale(root)).toBe("lib/tenancy/new-rule.ts was added");
    // Without asking git for new files (scripts/serve.mjs, the worker): what was recorded only.
    expect(stale(root, { added: false })).toBeNull();
    fakeBuild(root);
    rmSync(join(root, "lib/tenancy/route.ts"));
    expect(stale(root, { added: false })).toBe("lib/tenancy/route.ts was removed");
    fakeBuild(root);
    writeFileSync(join(root, ".env"), "NEXT_PUBLIC_X=1");
    expect(stale(root)).toBe(".env was added");
    fakeBuild(root);
    writeFileSync(join(root, "scripts/build.mjs"), "// the build, changed");
    expect(stale(root)).toBe("scripts/build.mjs changed");
  });

  it("ignores what cannot reach the build: tests, docs, other scripts, databases, the build folder", () => {
    const root = project(TREE, git);
    fakeBuild(root);
    writeFileSync(join(root, "tests/unit/x.test.ts"), "changed");
    writeFileSync(join(root, "docs/caching.md"), "changed");
    writeFileSync(join(root, "scripts/test.mjs"), "changed");
    mkdirSync(join(root, "data"));
    writeFileSync(join(root, "data/heliograph.db"), "rows");
    writeFileSync(join(root, ".next/other"), "output");
    expect(stale(root)).toBeNull();
  });

  it("rebuilds without a build, without a record, or with an output gone", () => {
    const root = project(TREE, git);
    expect(stale(root)).toBe("no build yet");
    fakeBuild(root);
    rmSync(join(root, ".next", RECORD));
    expect(stale(root)).toBe("no record of what the build read");
    fakeBuild(root);
    rmSync(join(root, ".next/heliograph/worker.mjs"));
    expect(stale(root, { next: false })).toBe("heliograph/worker.mjs is missing");
  });

  it("serves the server only from a build that ran Next; the worker needs only the bundles", () => {
    const root = project(TREE, git);
    fakeBuild(root, false);
    expect(stale(root, { next: false })).toBeNull();
    expect(stale(root)).toBe("only the bundles were built (npm run worker)");
    fakeBuild(root);
    rmSync(join(root, ".next/BUILD_ID"));
    expect(stale(root)).toBe("BUILD_ID is missing");
    expect(stale(root, { next: false })).toBeNull();
  });

  it("is complete for scripts/serve.mjs (which builds only when it is not) while all it runs is there, even if stale", () => {
    const root = project(TREE, git);
    const missing = (next = true) => missingReason({ root, dist: ".next", next });
    expect(missing()).toBe("no build yet");
    fakeBuild(root);
    writeFileSync(join(root, "lib/access/token.ts"), "export const a = 2;");
    expect(stale(root)).toBe("lib/access/token.ts changed");
    expect(missing()).toBeNull();
    rmSync(join(root, ".next/BUILD_ID"));
    expect(missing()).toBe("BUILD_ID is missing");
    expect(missing(false)).toBeNull();
  });
});

describe("the bundles, a real esbuild run (what `npm run worker` builds)", () => {
  const dist = `tests/.tmp/build-test-${process.pid}`;
  const saved = process.env.HELIOGRAPH_DIST_DIR;
  afterAll(() => {
    rmSync(join(ROOT, dist), { recursive: true, force: true });
    if (saved === undefined) delete process.env.HELIOGRAPH_DIST_DIR;
    else process.env.HELIOGRAPH_DIST_DIR = saved;
  });

  it("come from one esbuild call for every Node entry point and one for the browser's", () => {
    const [node, browser] = esbuildOptions();
    expect(Object.keys(node.entryPoints as Record<string, string>)).toEqual(["server", "worker"]);
    expect(node.platform).toBe("node");
    expect(Object.keys(browser.entryPoints as Record<string, string>)).toEqual(["islands"]);
    expect(browser.platform).toBe("browser");
  });

  it("are built once by processes starting together, recorded, and stale when an input changes", async () => {
    process.env.HELIOGRAPH_DIST_DIR = dist;
    const said: string[] = [];
    const built = await Promise.all([1, 2, 3].map(() => ensureBuilt({ next: false }, (line) => said.push(line))));
    // One of them built; the others waited for it and found it built (in a checkout being edited, a file changed
    // meanwhile makes one of them build again, after the first: never two at once from nothing).
    expect(built.filter((reason) => reason === "no build yet")).toHaveLength(1);
    expect(said[0]).toBe("Building Heliograph: no build yet");
    expect(staleReason({ next: false })).toBeNull();
    expect(existsSync(`${join(ROOT, dist)}.lock`)).toBe(false);

    const recordPath = join(ROOT, dist, RECORD);
    const record = readRecord(recordPath)!;
    expect(record.next).toBe(false);
    expect(record.outputs).toEqual(["heliograph/server.mjs", "heliograph/worker.mjs", expect.stringMatching(/^static\/heliograph\/islands-\w+\.js$/)]);
    expect(record.islands).toBe(`/_next/${record.outputs[2]}`);
    expect(Object.keys(record.files)).toEqual(expect.arrayContaining(["lib/front-cache/server.ts", "lib/access/token.ts", "lib/secrets/compare.ts", "lib/cli/worker.ts", "package-lock.json", "scripts/build.mjs"]));
    expect(Object.keys(record.files).some((f) => f.startsWith("node_modules/") || f.startsWith("tests/"))).toBe(false);
    // ASCII, so V8 holds the source one byte per character for the life of the process (idle memory).
    for (const bundle of [serverBundle(), workerBundle()]) expect(nonAscii(readFileSync(bundle, "utf8"))).toEqual([]);
    // Bundled without the react-server condition: `server-only` is stubbed, never imported at run time.
    expect(readFileSync(workerBundle(), "utf8")).not.toMatch(/from "server-only"/);

    // As if lib/access/token.ts had been edited since the build (without touching the real file).
    const edited = JSON.parse(readFileSync(recordPath, "utf8"));
    edited.files["lib/access/token.ts"] = { ...edited.files["lib/access/token.ts"], mtimeMs: 1, sha256: "0".repeat(64) };
    writeFileSync(recordPath, JSON.stringify(edited));
    expect(staleReason({ next: false, added: false })).toBe("lib/access/token.ts changed");
  }, 120_000);

  it("compares content, not only times: a copied tree with new mtimes is unchanged until a byte differs", () => {
    const record = readRecord(join(ROOT, dist, RECORD))!;
    const files = Object.keys(record.files).filter((f) => f.startsWith("lib/"));
    const copy = project(Object.fromEntries(files.map((f) => [f, readFileSync(join(ROOT, f), "utf8")])));
    const fresh = { files: fingerprint(ROOT, files) };
    expect(changedInput(copy, fresh)).toBeNull();
    writeFileSync(join(copy, "lib/tenancy/route.ts"), `${readFileSync(join(copy, "lib/tenancy/route.ts"), "utf8")}\n// edited`);
    expect(changedInput(copy, fresh)).toBe("lib/tenancy/route.ts changed");
  });
});

describe("npm run worker", () => {
  it("runs as package.json says: node with a capped young generation, then scripts/worker.mjs", () => {
    const args = workerNodeArgs();
    expect(args.at(-1)).toBe("scripts/worker.mjs");
    expect(args).toContainEqual(expect.stringMatching(/^--max-semi-space-size=\d+$/));
  });
});
