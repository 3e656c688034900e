/**
 * The vendor's command-line client (npm `checkly`), run as its users run it against another server:
 * CHECKLY_ENV=local plus CHECKLY_API_URL, CHECKLY_API_KEY and CHECKLY_ACCOUNT_ID, nothing else.
 * Every command first checks the key with GET /next/accounts/{accountId}.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESOURCE_CSP } from "@/lib/http/security-headers.mjs";
import { api, raw } from "./cache-helpers";
import { startServer, type RunningServer } from "./harness";
import { installVendorCli, VENDOR_CLI_VERSION, type VendorCli } from "./vendor-cli-install";

let server: RunningServer;
let cli: VendorCli;
let home: string;
let key: string;
let accountId: string;
const versionFile = () => join(home, ".cache/checkly/version");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** One CLI command with only the four variables a user sets (and a home of its own, so no real config is read). */
function checkly(args: string[], env: { key?: string } = {}): Promise<Run> {
  const cliEnv = {
    HOME: home,
    PATH: `${cli.nodeDir}:/usr/bin:/bin`,
    CHECKLY_ENV: "local",
    CHECKLY_API_URL: server.url,
    CHECKLY_API_KEY: env.key ?? key,
    CHECKLY_ACCOUNT_ID: accountId,
  };
  return new Promise((resolve) => {
    // Exactly these variables: the project's ProcessEnv typing requires NODE_ENV, which the client must not get.
    const env = cliEnv as unknown as NodeJS.ProcessEnv;
    execFile(cli.node, [cli.bin, ...args], { cwd: home, env, timeout: 60_000, encoding: "utf8" }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

function ok(run: Run): string {
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  return run.stdout;
}

const json = <T>(run: Run): T => JSON.parse(ok(run)) as T;

interface Incident {
  id: string;
  name: string;
  severity: string;
  lastUpdateStatus: string;
  duration: number | null;
  services: { id: string; name: string }[];
  incidentUpdates: { description: string; status: string; notifySubscribers: boolean }[];
}
interface StatusPage {
  id: string;
  name: string;
  url: string;
  themeColors: { light: Record<string, string>; dark: Record<string, string> };
  cards: { name: string; services: { id: string; name: string }[] }[];
}

beforeAll(async () => {
  cli = await installVendorCli();
  server = await startServer();
  key = server.apiKey()!;
  accountId = /Account id: (\S+)/.exec(server.output())![1];
  home = mkdtempSync(join(tmpdir(), "heliograph-vendor-cli-"));
  // The client's update check would ask the npm registry in the background; a fresh answer in its cache
  // keeps it from asking at all (the check fails silently offline either way).
  mkdirSync(join(home, ".cache/checkly"), { recursive: true });
  writeFileSync(versionFile(), JSON.stringify({ current: VENDOR_CLI_VERSION, latest: VENDOR_CLI_VERSION }));
});

afterAll(async () => {
  await server?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
});

describe(`the vendor's command-line client ${VENDOR_CLI_VERSION} against Heliograph`, () => {
  let page: StatusPage;
  let incidentId: string;

  it("whoami names the account, its plan and the key (GET /next/accounts/{id}, GET /next/users/me)", async () => {
    const out = ok(await checkly(["whoami"]));
    expect(out).toContain(`You are currently on account "Acme Inc." (${accountId}) as demo key.`);
    expect(out).toContain("Plan: Heliograph (self-hosted)");
    const bad = await checkly(["whoami"], { key: "hg_notakeynotakeynotakey" });
    expect(bad.code).not.toBe(0);
    // The client wraps its error output; our 401 envelope's message is its cause.
    const said = (bad.stdout + bad.stderr).replace(/\s+/g, " ");
    expect(said).toContain(`Authentication failed with account id "${accountId}"`);
    expect(said).toContain("UnauthorizedError: Bad Token");
  });

  it("status-pages list shows the demo page with its cards and services", async () => {
    const pages = (await api<{ entries: StatusPage[] }>(server.url, key, "GET", "/v1/status-pages")).json.entries;
    page = pages.find((p) => p.url === "acme")!;
    const table = ok(await checkly(["status-pages", "list"]));
    expect(table).toContain("Acme Cloud");
    expect(table).toContain(page.id);
    for (const name of page.cards.flatMap((c) => c.services.map((s) => s.name))) expect(table).toContain(name);
    expect(table).toContain(`${pages.length} status page`);
    const listed = json<{ data: StatusPage[]; pagination: { length: number } }>(await checkly(["status-pages", "list", "--output", "json"]));
    expect(listed.data.map((p) => p.id)).toEqual(pages.map((p) => p.id));
  });

  it("status-pages get shows the page's services; colours come back upper case", async () => {
    const detail = ok(await checkly(["status-pages", "get", page.id]));
    expect(detail).toContain("Acme Cloud");
    expect(detail).toContain("SERVICES");
    for (const card of page.cards) for (const s of card.services) expect(detail).toContain(s.id);
    const got = json<StatusPage>(await checkly(["status-pages", "get", page.id, "--output", "json"]));
    expect(got.id).toBe(page.id);
    // The demo stores its theme in lower case; the vendor's schema allows upper-case hex digits only.
    for (const colour of [...Object.values(got.themeColors.light), ...Object.values(got.themeColors.dark)]) expect(colour).toMatch(/^#[0-9A-F]{3}(?:[0-9A-F]{3})?$/);
  });

  it("incidents create opens an incident on the chosen service, shown on the public page", async () => {
    const service = page.cards[0].services[0];
    const run = await checkly(["incidents", "create", "--status-page-id", page.id, "--title", "CLI: checkout errors", "--services", service.id, "--severity", "major", "--message", "Checkout fails for some customers.", "--no-notify-subscribers", "--force", "--output", "json"]);
    const created = json<Incident>(run);
    incidentId = created.id;
    const stored = (await api<Incident>(server.url, key, "GET", `/v1/status-pages/incidents/${incidentId}`)).json;
    expect(stored).toMatchObject({ name: "CLI: checkout errors", severity: "MAJOR", lastUpdateStatus: "INVESTIGATING", duration: null });
    expect(stored.services.map((s) => s.id)).toEqual([service.id]);
    expect(stored.incidentUpdates).toMatchObject([{ description: "Checkout fails for some customers.", status: "INVESTIGATING", notifySubscribers: false }]);
    const html = (await raw(server.url, `/acme/incidents/${incidentId}`)).text;
    expect(html).toContain("CLI: checkout errors");
    expect(html).toContain("Checkout fails for some customers.");
  });

  it("incidents update posts a progress update and changes the severity", async () => {
    const out = ok(await checkly(["incidents", "update", incidentId, "--message", "Fix identified, rolling out.", "--status", "identified", "--severity", "critical", "--no-notify-subscribers", "--force"]));
    expect(out).toContain("Incident Update Posted");
    expect(out).toContain(incidentId);
    expect(out).toContain("identified");
    const stored = (await api<Incident>(server.url, key, "GET", `/v1/status-pages/incidents/${incidentId}`)).json;
    expect(stored).toMatchObject({ severity: "CRITICAL", lastUpdateStatus: "IDENTIFIED" });
    expect(stored.incidentUpdates.map((u) => u.description)).toEqual(["Fix identified, rolling out.", "Checkout fails for some customers."]);
  });

  it("incidents list shows the open incident, also filtered by status page", async () => {
    const table = ok(await checkly(["incidents", "list"]));
    expect(table).toContain("CLI: checkout errors");
    expect(table).toContain(incidentId);
    const onPage = json<{ data: Incident[] }>(await checkly(["incidents", "list", "--status-page-id", page.id, "--output", "json"]));
    const mine = onPage.data.find((i) => i.id === incidentId);
    expect(mine).toMatchObject({ severity: "CRITICAL", lastUpdateStatus: "IDENTIFIED" });
    const open = (await api<{ entries: Incident[] }>(server.url, key, "GET", "/v1/status-pages/incidents?limit=25")).json.entries.filter((i) => i.lastUpdateStatus !== "RESOLVED");
    expect(onPage.data.map((i) => i.id).sort()).toEqual(open.map((i) => i.id).sort());
  });

  it("incidents resolve closes it: resolved in the API, on the page, and in the resolved list", async () => {
    const out = ok(await checkly(["incidents", "resolve", incidentId, "--message", "Checkout works again.", "--no-notify-subscribers", "--force"]));
    expect(out).toContain("Incident Resolved");
    const stored = (await api<Incident>(server.url, key, "GET", `/v1/status-pages/incidents/${incidentId}`)).json;
    expect(stored.lastUpdateStatus).toBe("RESOLVED");
    expect(stored.duration).toEqual(expect.any(Number));
    const pageNow = (await api<{ incidents: { id: string }[] }>(server.url, key, "GET", `/v1/status-pages/${page.id}`)).json;
    expect(pageNow.incidents.map((i) => i.id)).not.toContain(incidentId);
    expect((await raw(server.url, `/acme/incidents/${incidentId}`)).text).toContain("Checkout works again.");
    const resolved = json<{ data: Incident[] }>(await checkly(["incidents", "list", "--status", "resolved", "--output", "json"]));
    expect(resolved.data.map((i) => i.id)).toContain(incidentId);
    const openTable = ok(await checkly(["incidents", "list"]));
    expect(openTable).not.toContain(incidentId);
  });

  it("checks list shows the checks Heliograph runs, paged by Content-Range and filtered by type, tag and name (GET /v1/checks, /v1/check-statuses)", async () => {
    interface Listed {
      data: { id: string; name: string; checkType: string; tags: string[] }[];
      pagination: { page: number; limit: number; total: number; totalPages: number };
    }
    const all = json<Listed>(await checkly(["checks", "list", "--output", "json"]));
    expect(all.data.map((c) => c.name).sort()).toEqual(["Acme Cloud status page", "Heliograph health", "Heliograph port"]);
    expect(all.pagination.total).toBe(3);
    const second = json<Listed>(await checkly(["checks", "list", "--limit", "2", "--page", "2", "--output", "json"]));
    expect([second.data.length, second.pagination.total, second.pagination.totalPages]).toEqual([1, 3, 2]);
    const tcp = json<Listed>(await checkly(["checks", "list", "--type", "TCP", "--output", "json"]));
    expect(tcp.data.map((c) => c.name)).toEqual(["Heliograph port"]);
    const tagged = json<Listed>(await checkly(["checks", "list", "--tag", "heliograph-self", "--search", "HEALTH", "--output", "json"]));
    expect(tagged.data.map((c) => c.name)).toEqual(["Heliograph health"]);
    const table = ok(await checkly(["checks", "list"]));
    for (const c of all.data) expect(table).toContain(c.name);
  });

  it("never asked the npm registry for updates (its cache answer is untouched)", () => {
    expect(JSON.parse(readFileSync(versionFile(), "utf8"))).toEqual({ current: VENDOR_CLI_VERSION, latest: VENDOR_CLI_VERSION });
  });
});

describe("paths under the API prefixes that Heliograph does not serve", () => {
  it("answer the JSON error envelope over HTTP, on the primary host and on any other, never the HTML page", async () => {
    const paths = ["/v1", "/v1/nothing", "/v2", "/v2/status-pages", "/v3/components/x", "/next", "/next/checks", "/next/users"];
    for (const host of [new URL(server.url).host, "status.example.org"]) {
      for (const path of paths) {
        const res = await raw(server.url, path, { authorization: `Bearer ${key}`, host });
        expect(res.status, `${host}${path}`).toBe(404);
        expect(res.headers["content-type"], `${host}${path}`).toContain("application/json");
        expect(JSON.parse(res.text)).toMatchObject({ statusCode: 404, error: "Not Found" });
        // The resource policy of API answers, not the page policy (which allows styles and scripts).
        expect(res.headers["content-security-policy"], `${host}${path}`).toBe(RESOURCE_CSP);
      }
    }
    const anon = await raw(server.url, "/next/accounts");
    expect([anon.status, JSON.parse(anon.text).message]).toEqual([401, "Bad Token"]);
    const refused = await raw(server.url, "/next/users/me", { authorization: `Bearer ${key}` }, "DELETE");
    expect(refused.status).toBe(405);
    expect(refused.headers.allow).toBe("GET, HEAD");
  });
});
