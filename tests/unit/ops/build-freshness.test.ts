/**
 * `npm start` decides whether the build is stale from what the build read (scripts/build-inputs.mjs), not
 * from a hand-kept folder list: the old list missed lib/access and lib/secrets, which the server bundle imports.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { NEXT_RECORD, SERVER_RECORD, changedInput, fingerprint, nextBuildInputs, nextBuildStale, readRecord, writeRecord } from "@/scripts/build-inputs.mjs";
import { ROOT, buildServer, bundlePath, staleReason } from "@/scripts/build-server.mjs";
import { buildWorker, workerBundlePath, workerNodeArgs, workerStaleReason } from "@/scripts/build-worker.mjs";

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

/** A fake `next build`: a BUILD_ID and the record the build writes (next.config.mjs). */
function fakeNextBuild(root: string) {
  mkdirSync(join(root, ".next"), { recursive: true });
  writeFileSync(join(root, ".next/BUILD_ID"), "fake");
  writeRecord(join(root, ".next", NEXT_RECORD), fingerprint(root, nextBuildInputs(root)));
}

const TREE = {
  "app/page.tsx": "export default function Page() {}",
  "lib/access/token.ts": "export const a = 1;",
  "lib/tenancy/route.ts": "export const r = 1;",
  "package-lock.json": "{}",
  "next.config.mjs": "export default {};",
  "tests/unit/x.test.ts": "test",
  "docs/caching.md": "# docs",
  "README.md": "# readme",
  ".gitignore": "data/\n*.db\n.next*/\n",
};

describe.each([false, true])("the Next build's freshness (git: %s)", (git) => {
  it("is fresh on an unchanged tree, and after a checkout that rewrote a file with the same bytes", () => {
    const root = project(TREE, git);
    fakeNextBuild(root);
    expect(nextBuildStale(root, ".next")).toBeNull();
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, "lib/access/token.ts"), later, later);
    expect(nextBuildStale(root, ".next")).toBeNull();
  });

  it("is stale when a file under a folder the old list missed changes, appears or goes", () => {
    const root = project(TREE, git);
    fakeNextBuild(root);
    writeFileSync(join(root, "lib/access/token.ts"), "export const a = 2;");
    expect(nextBuildStale(root, ".next")).toBe("lib/access/token.ts changed");
    fakeNextBuild(root);
    writeFileSync(join(root, "lib/tenancy/new-rule.ts"), "export const n = 1;");
    expect(nextBuildStale(root, ".next")).toBe("lib/tenancy/new-rule.ts was added");
    fakeNextBuild(root);
    rmSync(join(root, "lib/tenancy/route.ts"));
    expect(nextBuildStale(root, ".next")).toBe("lib/tenancy/route.ts was removed");
    fakeNextBuild(root);
    writeFileSync(join(root, ".env"), "NEXT_PUBLIC_X=1");
    expect(nextBuildStale(root, ".next")).toBe(".env was added");
  });

  it("ignores what cannot reach the build: tests, docs, databases, the build folder", () => {
    const root = project(TREE, git);
    fakeNextBuild(root);
    writeFileSync(join(root, "tests/unit/x.test.ts"), "changed");
    writeFileSync(join(root, "docs/caching.md"), "changed");
    mkdirSync(join(root, "data"));
    writeFileSync(join(root, "data/heliograph.db"), "rows");
    writeFileSync(join(root, ".next/other"), "output");
    expect(nextBuildStale(root, ".next")).toBeNull();
  });

  it("rebuilds without a build or without a record of its inputs", () => {
    const root = project(TREE, git);
    expect(nextBuildStale(root, ".next")).toBe("no production build yet");
    fakeNextBuild(root);
    rmSync(join(root, ".next", NEXT_RECORD));
    expect(nextBuildStale(root, ".next")).toBe("no record of what the build read");
  });
});

describe("the server bundle's freshness (a real esbuild run)", () => {
  const dist = `.next-freshness-test-${process.pid}`;
  const saved = process.env.HELIOGRAPH_DIST_DIR;
  afterAll(() => {
    rmSync(join(ROOT, dist), { recursive: true, force: true });
    if (saved === undefined) delete process.env.HELIOGRAPH_DIST_DIR;
    else process.env.HELIOGRAPH_DIST_DIR = saved;
  });

  it("records the inputs esbuild bundled, and is stale when any of them changes", async () => {
    process.env.HELIOGRAPH_DIST_DIR = dist;
    expect(staleReason()).toBe("no server bundle yet");
    await buildServer();
    expect(staleReason()).toBeNull();
    const recordPath = join(ROOT, dist, SERVER_RECORD);
    const record = readRecord(recordPath)!;
    const inputs = Object.keys(record.files);
    // Imported by the server (private pages' cookie check) but never in the old hand-kept list.
    expect(inputs).toEqual(expect.arrayContaining(["lib/front-cache/server.ts", "lib/access/token.ts", "lib/secrets/compare.ts", "lib/tenancy/route.ts", "package-lock.json"]));
    expect(inputs.some((f) => f.startsWith("node_modules/"))).toBe(false);
    // ASCII, so V8 holds the source one byte per character for the life of the process (issue 15's idle memory):
    // a non-ASCII character anywhere (a comment, a regular expression) doubles it.
    expect(nonAscii(readFileSync(bundlePath(), "utf8"))).toEqual([]);

    // As if lib/access/token.ts had been edited since the build (without touching the real file).
    const edited = JSON.parse(readFileSync(recordPath, "utf8"));
    edited.files["lib/access/token.ts"] = { ...edited.files["lib/access/token.ts"], mtimeMs: 1, sha256: "0".repeat(64) };
    writeFileSync(recordPath, JSON.stringify(edited));
    expect(staleReason()).toBe("lib/access/token.ts changed");
  }, 60_000);

  it("compares content, not only times: a copied tree with new mtimes is unchanged until a byte differs", () => {
    const record = readRecord(join(ROOT, dist, SERVER_RECORD))!;
    const copy = project(Object.fromEntries(Object.keys(record.files).map((f) => [f, readFileSync(join(ROOT, f), "utf8")])));
    const fresh = { ...record, files: { ...record.files, "lib/access/token.ts": fingerprint(ROOT, ["lib/access/token.ts"])["lib/access/token.ts"] } };
    expect(changedInput(copy, fresh)).toBeNull();
    writeFileSync(join(copy, "lib/tenancy/route.ts"), `${readFileSync(join(copy, "lib/tenancy/route.ts"), "utf8")}\n// edited`);
    expect(changedInput(copy, fresh)).toBe("lib/tenancy/route.ts changed");
  });
});

describe("the worker bundle (npm run worker), a real esbuild run", () => {
  const dist = `.next-worker-test-${process.pid}`;
  const saved = process.env.HELIOGRAPH_DIST_DIR;
  afterAll(() => {
    rmSync(join(ROOT, dist), { recursive: true, force: true });
    if (saved === undefined) delete process.env.HELIOGRAPH_DIST_DIR;
    else process.env.HELIOGRAPH_DIST_DIR = saved;
  });

  it("is built from what lib/cli/worker.ts imports, leaves no temporary file, and is stale when an input changes", async () => {
    process.env.HELIOGRAPH_DIST_DIR = dist;
    expect(workerStaleReason()).toBe("no worker bundle yet");
    expect(await buildWorker()).toBe(workerBundlePath());
    expect(workerStaleReason()).toBeNull();
    expect(readdirSync(join(ROOT, dist)).sort()).toEqual(["heliograph-worker-inputs.json", "heliograph-worker.mjs"]);
    const recordPath = join(ROOT, dist, "heliograph-worker-inputs.json");
    const inputs = Object.keys(readRecord(recordPath)!.files);
    expect(inputs).toEqual(expect.arrayContaining(["lib/cli/worker-main.ts", "lib/notifications/worker.ts", "lib/outbound/ip.ts", "scripts/build-worker.mjs", "package-lock.json"]));
    expect(inputs.some((f) => f.startsWith("node_modules/"))).toBe(false);
    // Bundled without the react-server condition: `server-only` is stubbed, never imported at run time.
    expect(readFileSync(workerBundlePath(), "utf8")).not.toMatch(/from "server-only"/);
    expect(nonAscii(readFileSync(workerBundlePath(), "utf8"))).toEqual([]);

    const edited = JSON.parse(readFileSync(recordPath, "utf8"));
    edited.files["lib/outbound/ip.ts"] = { ...edited.files["lib/outbound/ip.ts"], mtimeMs: 1, sha256: "0".repeat(64) };
    writeFileSync(recordPath, JSON.stringify(edited));
    expect(workerStaleReason()).toBe("lib/outbound/ip.ts changed");
  }, 60_000);

  it("runs as package.json says: node with a capped young generation, then scripts/worker.mjs", () => {
    const args = workerNodeArgs();
    expect(args.at(-1)).toBe("scripts/worker.mjs");
    expect(args).toContainEqual(expect.stringMatching(/^--max-semi-space-size=\d+$/));
  });
});
