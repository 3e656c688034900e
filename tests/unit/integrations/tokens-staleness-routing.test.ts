import { describe, expect, it } from "vitest";
import { hashToken } from "@/lib/secrets/tokens";
import { newIngestToken, signatureMatches, signBody, signingSecretOf, tokenMatches } from "@/lib/integrations/tokens";
import { isStale, staleAt } from "@/lib/integrations/stale-rule";
import { planRequest, type TenancyConfig } from "@/lib/tenancy/route";

describe("ingest tokens", () => {
  it("stores a hash and a mask, never the token", () => {
    const t = newIngestToken();
    expect(t.raw).toMatch(/^hgi_/);
    expect(t.hash).toBe(hashToken(t.raw));
    expect(t.masked).not.toContain(t.raw.slice(8, -4));
    expect(tokenMatches(t.hash, ["wrong", t.raw])).toBe(true);
    expect(tokenMatches(t.hash, ["wrong"])).toBe(false);
    expect(tokenMatches(t.hash, [])).toBe(false);
  });

  it("derives the signing secret from the server secret and the token, and checks hex HMAC-SHA256 of the raw body", () => {
    const a = signingSecretOf("s".repeat(32), "h1");
    expect(a).toBe(signingSecretOf("s".repeat(32), "h1"));
    expect(a).not.toBe(signingSecretOf("s".repeat(32), "h2"));
    expect(a).not.toBe(signingSecretOf("t".repeat(32), "h1"));
    const body = '{"alertType":"ALERT_FAILURE"}';
    const sig = signBody(a, body);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(signatureMatches(a, body, sig)).toBe(true);
    expect(signatureMatches(a, body, sig.toUpperCase())).toBe(true);
    expect(signatureMatches(a, `${body} `, sig)).toBe(false);
    expect(signatureMatches(a, body, "00")).toBe(false);
  });
});

describe("staleness", () => {
  const base = { created_at: 0, last_heard_at: null as number | null, stale_after_minutes: 10 as number | null };
  it.each([
    [{ ...base, stale_after_minutes: null }, 1e12, false],
    [base, 10 * 60_000, false],
    [base, 10 * 60_000 + 1, true],
    [{ ...base, last_heard_at: 5 * 60_000 }, 10 * 60_000 + 1, false],
    [{ ...base, last_heard_at: 5 * 60_000 }, 15 * 60_000 + 1, true],
  ])("%j at %d → %s", (row, now, stale) => {
    expect(isStale(row, now)).toBe(stale);
  });
  it("has no bound without staleAfterMinutes", () => expect(staleAt({ ...base, stale_after_minutes: null })).toBeNull());
});

describe("the ingest path in routing", () => {
  const cfg: TenancyConfig = { publicOrigin: "https://status.example.com", trustProxy: false, rootRedirect: null };
  const req = (host: string, pathname: string) => ({ host, forwardedHost: null, pathname, search: "" });
  it.each([
    ["status.example.com", "/ingest/abc", { action: "pass" }],
    ["status.example.com", "/ingest/abc/hgi_tok", { action: "pass" }],
    ["status.example.com", "/ingest", { action: "slug", slug: "ingest", rest: "", canonicalPath: null }],
    ["status.example.com", "/ingest/a/b/c", { action: "slug", slug: "ingest", rest: "/a/b/c", canonicalPath: null }],
    // On a custom domain it is a path under that page, which no route serves.
    ["status.acme.com", "/ingest/abc", { action: "domain", hostname: "status.acme.com", rest: "/ingest/abc", wwwOf: null }],
  ])("%s %s", (host, path, plan) => {
    expect(planRequest(req(host, path), cfg)).toEqual(plan);
  });
});
