/**
 * Custom domains with verification off (the default: a single-tenant server): a domain serves as soon as it is set,
 * a taken one is refused at once, and the verification operations only report it, never asking DNS.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { proxy } from "@/proxy";
import { env } from "@/lib/env";
import { CustomDomainVerification, StatusPage } from "@/lib/status-pages/schema";
import { updatePageRow } from "@/lib/status-pages/queries";
import { request } from "../public/fixtures";
import { expectError, expectShape, slug, STORE, tenant } from "./fixtures";

// A DNS server is configured, so a lookup would show up in its questions.
const dns = await vi.hoisted(async () => {
  const { startLoopbackDns } = await import("../../setup/dns-server");
  const server = await startLoopbackDns();
  process.env.HELIOGRAPH_DNS_SERVERS = server.address;
  return server;
});

afterAll(() => dns.close());

let seq = 0;
const domain = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${seq++}.acme.test`;
const rewriteOf = async (host: string) => (await proxy(request(`http://${host}/`, { host })))!.headers.get("x-middleware-rewrite");

describe(`custom domains with verification off on ${STORE}`, () => {
  it("is off by default", () => {
    expect(env.HELIOGRAPH_CUSTOM_DOMAIN_VERIFICATION).toBe(false);
  });

  it("serves a domain as set, refuses a taken one, and reports it active without asking DNS", async () => {
    const t = await tenant();
    const d = domain("off");
    const page = expectShape(await t.api.post("/v1/status-pages", { name: "Status", url: slug("off"), customDomain: d, cards: [] }), 201, StatusPage);
    expect(new URL((await rewriteOf(d))!).pathname).toBe(`/${page.url}`);

    const other = await tenant("Other");
    expectError(await other.api.post("/v1/status-pages", { name: "Mine", url: slug("off"), customDomain: d, cards: [] }), 409, "customDomain");
    expectError(await other.api.post("/v3/status-pages", { name: "Mine", url: slug("off"), customDomain: d }), 409, "customDomain");

    const shown = { status: "active", sslStatus: "unmanaged", validationMethod: "txt", customDomain: d };
    expect(expectShape(await t.api.get(`/v1/status-pages/${page.id}/custom-domain-verifications`), 200, CustomDomainVerification)).toEqual(shown);
    expect(expectShape(await t.api.post(`/v1/status-pages/${page.id}/custom-domain-verifications/recheck`), 200, CustomDomainVerification)).toEqual(shown);
    expect(dns.questions).toEqual([]);
  });

  it("serves a domain left waiting from a time verification was on once it is rechecked, unless another page has it", async () => {
    const t = await tenant();
    const page = expectShape(await t.api.post("/v1/status-pages", { name: "Status", url: slug("off"), cards: [] }), 201, StatusPage);
    const d = domain("left");
    await updatePageRow(t.db, t.accountId, page.id, { pending_custom_domain: d, custom_domain_token: "f".repeat(32) });
    expect(await rewriteOf(d)).toBeNull();
    const recheck = () => t.api.post(`/v1/status-pages/${page.id}/custom-domain-verifications/recheck`);
    expect(expectShape(await recheck(), 200, CustomDomainVerification).status).toBe("active");
    expect(new URL((await rewriteOf(d))!).pathname).toBe(`/${page.url}`);
    expect(dns.questions).toEqual([]);

    const taken = domain("taken");
    await t.api.post("/v1/status-pages", { name: "First", url: slug("off"), customDomain: taken, cards: [] });
    await updatePageRow(t.db, t.accountId, page.id, { pending_custom_domain: taken });
    expectError(await recheck(), 409, "customDomain");
  });
});
