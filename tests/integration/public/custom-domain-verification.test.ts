/**
 * Custom domains on a shared server (HELIOGRAPH_CUSTOM_DOMAIN_VERIFICATION on): a domain serves its page only once
 * the DNS TXT record `_heliograph-challenge.<domain>` holds the page's token and the owner asked for the check, read
 * from a real DNS server on loopback. Until then its host answers exactly what an unknown host answers.
 */
import { afterAll, describe, expect, it, vi } from "vitest";
import { proxy } from "@/proxy";
import { env } from "@/lib/env";
import { CustomDomainVerification, StatusPage } from "@/lib/status-pages/schema";
import { findPageById } from "@/lib/status-pages/queries";
import { pageAddress } from "@/lib/tenancy/address";
import { tenantByDomain } from "@/lib/tenancy/lookup";
import { vendorSchemaErrors } from "../../setup/vendor-schemas";
import type { ApiResponse } from "../api/client";
import { expectError, expectShape, slug, STORE, tenant, type Tenant } from "../api/fixtures";
import { request } from "./fixtures";

const dns = await vi.hoisted(async () => {
  const { startLoopbackDns } = await import("../../setup/dns-server");
  const server = await startLoopbackDns();
  // Read once by lib/env.ts: vi.hoisted runs before this file's imports are loaded.
  process.env.HELIOGRAPH_CUSTOM_DOMAIN_VERIFICATION = "true";
  process.env.HELIOGRAPH_DNS_SERVERS = server.address;
  return server;
});

afterAll(() => dns.close());

let seq = 0;
const domain = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${seq++}.acme.test`;

async function createPage(t: Tenant, customDomain: string | null) {
  const res = await t.api.post("/v1/status-pages", { name: "Status", url: slug("cd"), customDomain, cards: [] });
  return expectShape(res, 201, StatusPage);
}

/** The verification answer: our strict wire shape and the vendor's CustomDomainVerificationV3. */
function expectVerification(res: ApiResponse, status = 200) {
  const body = expectShape(res, status, CustomDomainVerification);
  expect(vendorSchemaErrors("CustomDomainVerificationV3", body)).toEqual([]);
  return body;
}

const verification = (t: Tenant, id: string) => t.api.get(`/v1/status-pages/${id}/custom-domain-verifications`);
const recheck = (t: Tenant, id: string) => t.api.post(`/v1/status-pages/${id}/custom-domain-verifications/recheck`);
const publish = (record: { name: string; value: string }) => dns.zone.set(record.name, [...(dns.zone.get(record.name) ?? []), record.value]);

/** What the front door answers for `host`'s root. */
async function visit(host: string) {
  const res = (await proxy(request(`http://${host}/`, { host })))!;
  return { status: res.status, cacheControl: res.headers.get("cache-control"), rewrite: res.headers.get("x-middleware-rewrite"), body: await res.text() };
}

describe(`custom domain verification on ${STORE}`, () => {
  it("is on, and reads the loopback DNS server", () => {
    expect(env.HELIOGRAPH_CUSTOM_DOMAIN_VERIFICATION).toBe(true);
    expect(env.HELIOGRAPH_DNS_SERVERS).toEqual([dns.address]);
  });

  it("answers a page's domain like an unknown host until its TXT record holds the token and the check is asked for", async () => {
    const t = await tenant();
    const d = domain("proof");
    const page = await createPage(t, d);
    expect(page.customDomain).toBe(d);

    const unknown = await visit(domain("nobody"));
    const waiting = await visit(d);
    expect(waiting).toEqual(unknown);
    expect(waiting).toMatchObject({ status: 404, cacheControl: "no-store" });
    expect(await tenantByDomain(d)).toBeNull();
    // Links in e-mails and feeds do not point at a domain that does not serve the page.
    expect(pageAddress((await findPageById(t.db, page.id))!, env.HELIOGRAPH_PUBLIC_URL)).toBe(`${new URL(env.HELIOGRAPH_PUBLIC_URL).origin}/${page.url}`);

    const pending = expectVerification(await verification(t, page.id));
    expect(pending).toMatchObject({ status: "pending", validationMethod: "txt", customDomain: d });
    expect(pending.ownershipVerification).toEqual({ type: "txt", name: `_heliograph-challenge.${d}`, value: expect.stringMatching(/^heliograph-verification=[0-9a-f]{32}$/) });

    const missing = expectError(await recheck(t, page.id), 422, "customDomain");
    expect(missing.message).toContain(`_heliograph-challenge.${d}`);
    expect(missing.attributes).toMatchObject({ ownershipVerification: pending.ownershipVerification, found: [] });

    publish(pending.ownershipVerification!);
    // The record alone serves nothing: the domain waits for its owner's check.
    expect((await visit(d)).status).toBe(404);
    const active = expectVerification(await recheck(t, page.id));
    expect(active).toEqual({ ...pending, status: "active" });
    expect(dns.questions).toContain(`_heliograph-challenge.${d}`);

    const served = await visit(d);
    expect(new URL(served.rewrite!).pathname).toBe(`/${page.url}`);
    expect((await tenantByDomain(d))?.id).toBe(page.id);
    expect(pageAddress((await findPageById(t.db, page.id))!, env.HELIOGRAPH_PUBLIC_URL)).toBe(`${new URL(env.HELIOGRAPH_PUBLIC_URL).protocol}//${d}`);

    // A served domain is not looked up again (its challenge record may be gone by now).
    dns.zone.delete(pending.ownershipVerification!.name);
    const asked = dns.questions.length;
    expectVerification(await recheck(t, page.id));
    expect(dns.questions.length).toBe(asked);
    expect((await visit(d)).rewrite).toBe(served.rewrite);
  });

  it("refuses a record that holds another token with a 422 saying what it holds", async () => {
    const t = await tenant();
    const d = domain("wrong");
    const page = await createPage(t, d);
    const { ownershipVerification: record } = expectVerification(await verification(t, page.id));
    const stale = `heliograph-verification=${"0".repeat(32)}`;
    dns.zone.set(record!.name, ["v=spf1 -all", stale]);
    const refused = expectError(await recheck(t, page.id), 422, "customDomain");
    expect(refused.message).toContain("another token");
    expect(refused.attributes).toMatchObject({ ownershipVerification: record, found: [stale] });
    expect(expectVerification(await verification(t, page.id)).status).toBe("pending");
    expect((await visit(d)).status).toBe(404);
  });

  it("lets two accounts wait for one domain, serves the first to prove it and refuses the other (409)", async () => {
    const owner = await tenant("Owner");
    const squatter = await tenant("Squatter");
    const d = domain("contested");
    const mine = await createPage(owner, d);
    const theirs = await createPage(squatter, d);
    const ours = expectVerification(await verification(owner, mine.id)).ownershipVerification!;
    const their = expectVerification(await verification(squatter, theirs.id)).ownershipVerification!;
    expect(their.value).not.toBe(ours.value);

    publish(ours);
    expectError(await recheck(squatter, theirs.id), 422, "customDomain");
    expect(expectVerification(await recheck(owner, mine.id)).status).toBe("active");
    // Even a record holding the other page's token too cannot move a served domain.
    publish(their);
    expectError(await recheck(squatter, theirs.id), 409, "customDomain");
    expect(expectVerification(await verification(squatter, theirs.id)).status).toBe("pending");
    // A served domain is refused at once to any other page.
    expectError(await squatter.api.post("/v1/status-pages", { name: "Again", url: slug("cd"), customDomain: d, cards: [] }), 409, "customDomain");
    expect(new URL((await visit(d)).rewrite!).pathname).toBe(`/${mine.url}`);
  });

  it("resets verification when the domain changes, and keeps it when a PUT repeats it", async () => {
    const t = await tenant();
    const first = domain("first");
    const page = await createPage(t, first);
    const before = expectVerification(await verification(t, page.id)).ownershipVerification!;
    publish(before);
    expectVerification(await recheck(t, page.id));
    const put = (customDomain: string | null) => t.api.put(`/v1/status-pages/${page.id}`, { name: "Status", url: page.url, customDomain, cards: [] });

    expectShape(await put(first), 200, StatusPage);
    expect(expectVerification(await verification(t, page.id))).toMatchObject({ status: "active", ownershipVerification: before });

    const second = domain("second");
    expect(expectShape(await put(second), 200, StatusPage).customDomain).toBe(second);
    const after = expectVerification(await verification(t, page.id));
    expect(after.status).toBe("pending");
    expect(after.ownershipVerification!.value).not.toBe(before.value);
    expect((await visit(first)).status).toBe(404);
    expect((await visit(second)).status).toBe(404);
    expectShape(await put(second), 200, StatusPage);
    expect(expectVerification(await verification(t, page.id)).ownershipVerification).toEqual(after.ownershipVerification);

    expectShape(await put(null), 200, StatusPage);
    expectError(await verification(t, page.id), 404, "customDomain");
    expectError(await recheck(t, page.id), 404, "customDomain");
  });

  it("verifies a v3 page through the vendor's paths, which refuse a v1 page's id", async () => {
    const t = await tenant();
    const d = domain("v3");
    const created = await t.api.post("/v3/status-pages", { name: "Modern", url: slug("cd3"), customDomain: d });
    expect(created.status, created.text).toBe(201);
    expect(vendorSchemaErrors("StatusPageV3", created.body)).toEqual([]);
    const base = `/v3/status-pages/${created.body.id}/custom-domain-verifications`;
    const pending = expectVerification(await t.api.get(base));
    expect(pending.status).toBe("pending");
    expectError(await t.api.post(`${base}/recheck`), 422, "customDomain");
    publish(pending.ownershipVerification!);
    expect(expectVerification(await t.api.post(`${base}/recheck`)).status).toBe("active");
    expect(new URL((await visit(d)).rewrite!).pathname).toBe(`/${created.body.url}`);

    const v1 = await createPage(t, domain("v1"));
    expectError(await t.api.get(`/v3/status-pages/${v1.id}/custom-domain-verifications`), 400, "statusPageId");
    expectError(await t.api.post(`/v3/status-pages/${v1.id}/custom-domain-verifications/recheck`), 400, "statusPageId");
    const other = await tenant("Other");
    expectError(await other.api.get(base), 404);
    expectError(await other.api.post(`${base}/recheck`), 404);
  });
});
