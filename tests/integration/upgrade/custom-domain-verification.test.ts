/**
 * Migration 015 (custom-domain verification) on a database written by release 0.2 whose pages have custom domains,
 * upgraded by an operator who turns verification on at the same time: the release's domains count as proven, so
 * every page keeps serving at its domain; a domain set after the upgrade waits for its TXT record.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import Database from "better-sqlite3";
import pg from "pg";
import { proxy } from "@/proxy";
import type { Db } from "@/lib/db";
import { CustomDomainVerification, StatusPage } from "@/lib/status-pages/schema";
import { loadReleaseFixture, releaseFixtureIds } from "@/tests/setup/release-fixture";
import { client } from "../api/client";
import { expectError, expectShape } from "../api/fixtures";
import { request } from "../public/fixtures";

vi.hoisted(() => {
  process.env.HELIOGRAPH_CUSTOM_DOMAIN_VERIFICATION = "true";
});

const ids = releaseFixtureIds("release-0.2");
const DOMAINS = { [ids.pageId]: "status.acme.test", [ids.v3PageId!]: "payments.acme.test" };
let db: Db;

/** Custom domains on the release's two public pages, written into its own schema before the upgrade. */
async function setDomainsInRelease(): Promise<void> {
  const stmt = "update status_pages set custom_domain = $1 where id = $2";
  if (process.env.HELIOGRAPH_TEST_STORE === "postgres") {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    for (const [id, domain] of Object.entries(DOMAINS)) await c.query(stmt, [domain, id]);
    await c.end();
    return;
  }
  const s = new Database(process.env.HELIOGRAPH_SQLITE_PATH!);
  for (const [id, domain] of Object.entries(DOMAINS)) s.prepare(stmt.replace("$1", "?").replace("$2", "?")).run(domain, id);
  s.close();
}

beforeAll(async () => {
  await loadReleaseFixture("release-0.2");
  await setDomainsInRelease();
  const { getReadyDb } = await import("@/lib/db");
  db = await getReadyDb();
});

const rewriteOf = async (host: string) => (await proxy(request(`http://${host}/`, { host })))!.headers.get("x-middleware-rewrite");

describe("custom-domain verification after the upgrade from release 0.2", () => {
  it("keeps every domain of the release served, as proven, with nothing waiting", async () => {
    const rows = await db.selectFrom("status_pages").select(["id", "url", "custom_domain", "pending_custom_domain", "custom_domain_token"]).execute();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect(row).toMatchObject({ custom_domain: DOMAINS[row.id] ?? null, pending_custom_domain: null, custom_domain_token: null });
    for (const row of rows.filter((r) => r.custom_domain)) expect(new URL((await rewriteOf(row.custom_domain!))!).pathname).toBe(`/${row.url}`);
  });

  it("answers the release's domains active through both APIs, and a PUT that repeats one keeps it served", async () => {
    const api = client(ids.apiKey);
    const shown = (domain: string) => ({ status: "active", sslStatus: "unmanaged", validationMethod: "txt", customDomain: domain });
    expect(expectShape(await api.get(`/v1/status-pages/${ids.pageId}/custom-domain-verifications`), 200, CustomDomainVerification)).toEqual(shown(DOMAINS[ids.pageId]));
    expect(expectShape(await api.post(`/v3/status-pages/${ids.v3PageId}/custom-domain-verifications/recheck`), 200, CustomDomainVerification)).toEqual(shown(DOMAINS[ids.v3PageId!]));

    const page = expectShape(await api.get(`/v1/status-pages/${ids.pageId}`), 200, StatusPage);
    const body = { name: page.name, url: page.url, customDomain: page.customDomain, cards: page.cards.map((c) => ({ id: c.id, name: c.name, services: c.services.map((s) => ({ id: s.id })) })) };
    expect(expectShape(await api.put(`/v1/status-pages/${ids.pageId}`, body), 200, StatusPage).customDomain).toBe(DOMAINS[ids.pageId]);
    expect(new URL((await rewriteOf(DOMAINS[ids.pageId]))!).pathname).toBe(`/${page.url}`);
    expectError(await api.post("/v1/status-pages", { name: "Copy", url: "acme-copy", customDomain: DOMAINS[ids.pageId], cards: [] }), 409, "customDomain");
  });

  it("makes a domain set after the upgrade wait for its TXT record", async () => {
    const api = client(ids.apiKey);
    const created = expectShape(await api.post("/v1/status-pages", { name: "New", url: "acme-new", customDomain: "new.acme.test", cards: [] }), 201, StatusPage);
    const waiting = expectShape(await api.get(`/v1/status-pages/${created.id}/custom-domain-verifications`), 200, CustomDomainVerification);
    expect(waiting).toMatchObject({ status: "pending", ownershipVerification: { type: "txt", name: "_heliograph-challenge.new.acme.test" } });
    expect(await rewriteOf("new.acme.test")).toBeNull();
  });
});
