/** The console's browser tests: a server with an SMTP peer, the CLI's sign-in link, axe, and the API to read back. */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { ROOT, startServer, type RunningServer } from "../harness";
import { startSmtp, type SmtpPeer } from "../../integration/notifications/peers";

const AXE = readFileSync(join(ROOT, "node_modules/axe-core/axe.min.js"), "utf8");

export interface ConsoleServer extends RunningServer {
  smtp: SmtpPeer;
  dbFile: string;
  extraEnv: Record<string, string>;
}

export async function startConsoleServer(env: Record<string, string> = {}): Promise<ConsoleServer> {
  const smtp = await startSmtp();
  const dbFile = join(ROOT, "tests/.tmp", `console-${randomUUID()}.db`);
  const extraEnv = { HELIOGRAPH_SQLITE_PATH: dbFile, SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port), ...env };
  const server = await startServer({ env: extraEnv });
  const stop = server.stop;
  return Object.assign(server, { smtp, dbFile, extraEnv, stop: async () => (await stop(), await smtp.close()) });
}

/** `npm run operators:create` against the server's store; the link is the one line on stdout. */
export function createOperator(server: ConsoleServer, email: string, role: string): string {
  const r = spawnSync("npx", ["tsx", "--conditions=react-server", "lib/cli/create-operator.ts", "--email", email, "--role", role], {
    cwd: ROOT,
    env: { ...process.env, HELIOGRAPH_PUBLIC_URL: server.url, LOG_LEVEL: "warn", ...server.extraEnv },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`operators:create failed: ${r.stderr}`);
  const lines = r.stdout.trim().split("\n");
  if (lines.length !== 1 || !lines[0].startsWith(`${server.url}/console/`)) throw new Error(`unexpected output: ${r.stdout}`);
  return lines[0];
}

export async function api(server: RunningServer, path: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${init.key ?? server.apiKey()}`, "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
}

export async function axeViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: AXE });
  return page.evaluate(async () => {
    type V = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: V[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] }, resultTypes: ["violations"] });
    return r.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  });
}

/** The link in the newest mail to `to` that matches `pattern`. */
export async function linkFromMail(smtp: SmtpPeer, count: number, pattern: RegExp): Promise<string> {
  const mails = await smtp.waitFor(count);
  const text = mails[count - 1].text ?? "";
  const m = pattern.exec(text);
  if (!m) throw new Error(`no link in: ${text}`);
  return m[0];
}
