/**
 * Installs the vendor's command-line client once per machine, outside the repository: npm `checkly` and the Node.js
 * it needs, by `npm ci` from the lockfile in tests/e2e/vendor-cli so the whole tree is pinned. Only the npm registry
 * is contacted, and only when that lockfile's folder is missing.
 */
import { createHash } from "node:crypto";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

export const VENDOR_CLI_VERSION = "9.5.0";
/** checkly 9 needs Node >= 22.13; the test runner's own Node may be older. */
export const VENDOR_CLI_NODE_VERSION = "22.23.3";

const MANIFEST = join(import.meta.dirname, "vendor-cli");
const LOCK = readFileSync(join(MANIFEST, "package-lock.json"));
const LOCK_ID = createHash("sha256").update(LOCK).digest("hex").slice(0, 12);
const DIR = process.env.HELIOGRAPH_VENDOR_CLI_DIR ?? join(homedir(), ".cache/heliograph-vendor-cli", `checkly-${VENDOR_CLI_VERSION}-node-${VENDOR_CLI_NODE_VERSION}-${LOCK_ID}`);

export interface VendorCli {
  /** the Node.js binary from the npm package `node` */
  node: string;
  nodeDir: string;
  /** the client's entry script (its package.json `bin`) */
  bin: string;
}

const run = promisify(execFile);

function layout(dir: string): VendorCli {
  const node = join(dir, "node_modules/node/bin/node");
  return { node, nodeDir: dirname(node), bin: join(dir, "node_modules/checkly/bin/run.cjs") };
}

const versionOf = (dir: string, pkg: string) => (JSON.parse(readFileSync(join(dir, "node_modules", pkg, "package.json"), "utf8")) as { version: string }).version;

function complete(dir: string): boolean {
  const cli = layout(dir);
  return existsSync(cli.node) && existsSync(cli.bin) && versionOf(dir, "checkly") === VENDOR_CLI_VERSION && versionOf(dir, "node") === VENDOR_CLI_NODE_VERSION;
}

export async function installVendorCli(): Promise<VendorCli> {
  if (!complete(DIR)) {
    // Installed beside the final folder and renamed into place, so an interrupted install is never used.
    const partial = `${DIR}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    writeFileSync(join(partial, "package.json"), readFileSync(join(MANIFEST, "package.json")));
    writeFileSync(join(partial, "package-lock.json"), LOCK);
    await run("npm", ["ci", "--prefix", partial, "--no-audit", "--no-fund", "--loglevel=error"], { timeout: 300_000, maxBuffer: 16 * 1024 * 1024 });
    if (!complete(partial)) throw new Error(`npm ci of ${MANIFEST} into ${partial} did not produce the expected files`);
    rmSync(DIR, { recursive: true, force: true });
    renameSync(partial, DIR);
  }
  const cli = layout(DIR);
  const { stdout } = await run(cli.node, ["--version"]);
  if (stdout.trim() !== `v${VENDOR_CLI_NODE_VERSION}`) throw new Error(`${cli.node} is ${stdout.trim()}, not v${VENDOR_CLI_NODE_VERSION}`);
  return cli;
}
