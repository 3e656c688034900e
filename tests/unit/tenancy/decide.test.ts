import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CACHE_ACCESS_HEADER, CACHE_TAGS_HEADER, PRIVATE_HEADERS, PUBLIC_CACHE_CONTROL } from "@/lib/cache/headers";
import { decidePublic, keptBeforeLookup, type PublicAction, type PublicFacts, type PublicNeed } from "@/lib/tenancy/decide";
import type { TenantPage } from "@/lib/tenancy/lookup";
import { planRequest, type TenancyConfig } from "@/lib/tenancy/route";

const cfg: TenancyConfig = { publicOrigin: "https://status.example.com", trustProxy: false, rootRedirect: "https://acme.com/" };
const PRIMARY = "status.example.com";
const DOMAIN = "status.acme.com";
const acme: TenantPage = { id: "p1", accountId: "a1", slug: "acme", customDomain: DOMAIN, isPrivate: false, locale: "en" };
const hidden: TenantPage = { ...acme, id: "p2", slug: "hidden", customDomain: null, isPrivate: true, locale: "fr" };

const PUBLIC = { "Cache-Control": PUBLIC_CACHE_CONTROL, [CACHE_TAGS_HEADER]: "page:p1" };
const SHARED_PRIVATE = { ...PRIVATE_HEADERS, [CACHE_TAGS_HEADER]: "page:p2", [CACHE_ACCESS_HEADER]: "p2 k.1 p.x" };
const CORS = { "Access-Control-Allow-Origin": "*" };
const OPEN = { open: true, credentials: ["k.1", "p.x"] };
const SHUT = { open: false, credentials: [] };

function decide(target: string, o: { host?: string; method?: string; facts?: PublicFacts } = {}): PublicAction | PublicNeed {
  const q = target.indexOf("?");
  const pathname = q < 0 ? target : target.slice(0, q);
  const search = q < 0 ? "" : target.slice(q);
  const request = { method: o.method ?? "GET", pathname, search };
  const plan = planRequest({ host: o.host ?? PRIMARY, forwardedHost: null, pathname, search }, cfg);
  return decidePublic({ plan, request, publicOrigin: cfg.publicOrigin, facts: o.facts ?? {} });
}

type Row = [name: string, target: string, o: { host?: string; method?: string; facts?: PublicFacts }, expected: Partial<PublicAction> | Partial<PublicNeed>];

const pub = { tenant: acme };
const priv = { tenant: hidden };

/** Host, path, query, method and what was looked up → one answer (or the lookup it waits for). */
const TABLE: Row[] = [
  // Before any lookup: the host plan alone.
  ["the management API is Next's as it is", "/v1/status-pages", {}, { kind: "pass" }],
  ["the landing page's root redirect", "/", {}, { kind: "redirect", status: 307, location: "https://acme.com/", headers: {} }],
  ["www. of the primary host", "/acme?x=1", { host: `www.${PRIMARY}` }, { kind: "redirect", status: 308, location: "https://status.example.com/acme?x=1" }],
  ["a malformed host", "/acme", { host: "bad host" }, { kind: "unknown-host" }],
  ["a path that is no slug", "/-bad", {}, { kind: "not-found" }],
  ["a slug asks for its page, which may be the home", "/acme", {}, { kind: "need", need: "tenant", by: "slug", name: "acme", mayBePage: true }],
  ["HEAD of the home may be the front door's too", "/acme", { method: "HEAD" }, { kind: "need", mayBePage: true }],
  ["a POST to the home is never the front door's", "/acme", { method: "POST" }, { kind: "need", need: "tenant", mayBePage: false }],
  ["another route is never the front door's", "/acme/history", {}, { kind: "need", need: "tenant", mayBePage: false }],
  ["a slug in other letters is redirected, so never the front door's", "/ACME", {}, { kind: "need", need: "tenant", name: "acme", mayBePage: false }],
  ["a custom domain asks for its page", "/", { host: `${DOMAIN}:8443` }, { kind: "need", need: "tenant", by: "domain", name: DOMAIN, mayBePage: true }],

  // Unknown pages.
  ["an unknown slug: Next's 404 page", "/nope/history", { facts: { tenant: null } }, { kind: "not-found" }],
  ["an unknown page's badge: its own route's grey badge", "/nope/badge.svg", { facts: { tenant: null } }, { kind: "pass" }],
  ["an unknown domain", "/", { host: "nobody.example.org", facts: { tenant: null } }, { kind: "unknown-host" }],
  ["www. of an unknown domain asks whether the bare one is a page's", "/history", { host: `www.${DOMAIN}`, facts: { tenant: null } }, { kind: "need", need: "bareDomain", hostname: DOMAIN, mayBePage: false }],
  ["www. of a page's domain", "/history?page=2", { host: `www.${DOMAIN}`, facts: { tenant: null, bareDomain: true } }, { kind: "redirect", status: 308, location: `https://${DOMAIN}/history?page=2` }],
  ["www. of a domain no page has", "/", { host: `www.${DOMAIN}`, facts: { tenant: null, bareDomain: false } }, { kind: "unknown-host" }],
  ["a slug in other letters, query kept", "/ACME/history?page=2", { facts: pub }, { kind: "redirect", status: 308, location: "/acme/history?page=2", headers: {} }],

  // A public page.
  ["the home: shared-cacheable, tagged, the front door's", "/acme?lang=de", { facts: pub }, { kind: "page", pageId: "p1", route: "page", status: undefined, headers: PUBLIC, rewrite: null, base: "/acme", locale: "de", query: "", forward: { "x-heliograph-base": "/acme", "x-heliograph-locale": "de" } }],
  ["HEAD of the home", "/acme", { method: "HEAD", facts: pub }, { kind: "page", headers: PUBLIC, locale: "en" }],
  ["a POST to the home: Next's, unmarked", "/acme?x=1", { method: "POST", facts: pub }, { kind: "route", status: undefined, headers: {} }],
  ["stray parameters are redirected away, readable cross-origin", "/acme?utm_source=x&lang=de", { facts: pub }, { kind: "redirect", status: 308, location: "/acme?lang=de", headers: CORS }],
  ["`denied` means nothing on a public page", "/acme/history?denied=1", { facts: pub }, { kind: "redirect", status: 308, location: "/acme/history" }],
  ["a history page that is none", "/acme/history?page=abc", { facts: pub }, { kind: "redirect", status: 308, location: "/acme/history" }],
  ["a history page, its query forwarded", "/acme/history?page=2", { facts: pub }, { kind: "route", route: "history", status: undefined, headers: PUBLIC, query: "page=2", forward: { "x-heliograph-base": "/acme", "x-heliograph-locale": "en", "x-heliograph-query": "page=2" } }],
  ["an incident asks whether it is the page's", "/acme/incidents/i9", { facts: pub }, { kind: "need", need: "target", route: "incident", page: { id: "p1", accountId: "a1" }, id: "i9", mayBePage: false }],
  ["a maintenance asks the same", "/acme/maintenance/7", { facts: pub }, { kind: "need", need: "target", route: "maintenance", id: "7" }],
  ["an incident of the page", "/acme/incidents/i9", { facts: { ...pub, target: true } }, { kind: "route", route: "incident", status: undefined, headers: PUBLIC }],
  ["an incident that is not the page's: 404 under the page's headers", "/acme/incidents/i9", { facts: { ...pub, target: false } }, { kind: "route", status: 404, headers: PUBLIC }],
  ["the subscribe page marks itself, and keeps every parameter", "/acme/subscribe?x=1", { facts: pub }, { kind: "route", route: "subscribe", status: undefined, headers: {} }],
  ["a badge keeps what it reads", "/acme/badge.svg?style=flat&r=3", { facts: pub }, { kind: "redirect", status: 308, location: "/acme/badge.svg?style=flat", headers: CORS }],
  ["a badge marks itself", "/acme/badge.svg?style=flat", { facts: pub }, { kind: "route", route: "badge", headers: {}, rewrite: null }],
  ["a public page ignores ?key= (a stray parameter)", "/acme?key=k", { facts: pub }, { kind: "redirect", status: 308, location: "/acme" }],

  // On its custom domain: rewritten to /<slug>/…, links relative to the domain.
  ["the home on the domain", "/?lang=de", { host: DOMAIN, facts: pub }, { kind: "page", rewrite: "/acme?lang=de", base: "", forward: { "x-heliograph-base": "domain", "x-heliograph-locale": "de" } }],
  ["an incident on the domain", "/incidents/abc?lang=de", { host: DOMAIN, facts: { ...pub, target: true } }, { kind: "route", rewrite: "/acme/incidents/abc?lang=de", base: "" }],
  ["stray parameters on the domain", "/incidents/abc?x=1&lang=de", { host: DOMAIN, facts: pub }, { kind: "redirect", status: 308, location: "/incidents/abc?lang=de" }],

  // A private page.
  ["the home asks whether the visitor may read it", "/hidden", { facts: priv }, { kind: "need", need: "access", pageId: "p2", mayBePage: true }],
  ["locked: the unlock form (401), private, the front door's", "/hidden?denied=1", { facts: { ...priv, access: SHUT } }, { kind: "page", status: 401, headers: PRIVATE_HEADERS, query: "denied=1", locale: "fr" }],
  ["open: private for browsers, shareable among those it lets in", "/hidden", { facts: { ...priv, access: OPEN } }, { kind: "page", status: undefined, headers: SHARED_PRIVATE }],
  ["stray parameters are left alone (nothing of it is shared)", "/hidden?utm_source=x", { facts: { ...priv, access: OPEN } }, { kind: "page", headers: SHARED_PRIVATE }],
  ["a ?key= link asks what the key stands for", "/hidden?key=k&lang=de", { facts: priv }, { kind: "need", need: "key", pageId: "p2", key: "k", mayBePage: true }],
  ["a matching key: 303 without it, the cookie to set", "/hidden/history?page=2&key=k", { facts: { ...priv, key: "k.1" } }, { kind: "redirect", status: 303, location: "/hidden/history?page=2", headers: PRIVATE_HEADERS, grant: { pageId: "p2", credential: "k.1" } }],
  ["a key that matches nothing: then the access check", "/hidden?key=k", { facts: { ...priv, key: null } }, { kind: "need", need: "access", mayBePage: true }],
  ["a key that matches nothing, locked: the unlock form", "/hidden?key=k", { facts: { ...priv, key: null, access: SHUT } }, { kind: "page", status: 401, headers: PRIVATE_HEADERS }],
  ["manage and confirm take a key link too", "/hidden/manage?token=t1&key=k", { facts: { ...priv, key: "k.1" } }, { kind: "redirect", status: 303, location: "/hidden/manage?token=t1" }],
  ["a HEAD is never exchanged", "/hidden?key=k", { method: "HEAD", facts: priv }, { kind: "need", need: "access" }],
  ["a badge reads its key itself", "/hidden/badge.svg?key=k", { facts: priv }, { kind: "route", route: "badge", status: undefined, headers: PRIVATE_HEADERS }],
  ["a feed is private, checks access itself", "/hidden/feed.rss", { facts: priv }, { kind: "route", status: undefined, headers: PRIVATE_HEADERS }],
  ["a locked incident is 401 without asking about the incident", "/hidden/incidents/i9", { facts: { ...priv, access: SHUT } }, { kind: "route", status: 401, headers: PRIVATE_HEADERS }],
  ["an open incident asks whether it is the page's", "/hidden/incidents/i9", { facts: { ...priv, access: OPEN } }, { kind: "need", need: "target", id: "i9" }],
  ["an open page's unknown incident: 404, not shareable", "/hidden/incidents/i9", { facts: { ...priv, access: OPEN, target: false } }, { kind: "route", status: 404, headers: PRIVATE_HEADERS }],
  ["a bad history page on a private page: 404, not redirected", "/hidden/history?page=abc", { facts: { ...priv, access: OPEN } }, { kind: "route", status: 404, headers: PRIVATE_HEADERS }],
  ["a locked subscribe page: 401", "/hidden/subscribe", { facts: { ...priv, access: SHUT } }, { kind: "route", status: 401, headers: PRIVATE_HEADERS }],
  ["an open subscribe page is not shareable (not a shared page)", "/hidden/subscribe", { facts: { ...priv, access: OPEN } }, { kind: "route", status: undefined, headers: PRIVATE_HEADERS }],
  ["a POST to an open private home is not shareable", "/hidden", { method: "POST", facts: { ...priv, access: OPEN } }, { kind: "route", headers: PRIVATE_HEADERS }],
];

describe("decidePublic", () => {
  it.each(TABLE)("%s: %s", (_name, target, o, expected) => {
    expect(decide(target, o)).toMatchObject(expected);
  });

  it("answers the page's exact headers, nothing more", () => {
    expect((decide("/acme", { facts: pub }) as { headers: unknown }).headers).toEqual(PUBLIC);
    expect((decide("/hidden", { facts: { ...priv, access: OPEN } }) as { headers: unknown }).headers).toEqual(SHARED_PRIVATE);
    expect((decide("/hidden", { facts: { ...priv, access: SHUT } }) as { headers: unknown }).headers).toEqual(PRIVATE_HEADERS);
  });

  it("forwards a query of at most 2048 characters, without `lang`", () => {
    const long = decide(`/hidden?x=${"a".repeat(2100)}`, { facts: { ...priv, access: OPEN } });
    expect(long).toMatchObject({ kind: "page", query: "" });
    expect((long as { forward: Record<string, string> }).forward).not.toHaveProperty("x-heliograph-query");
  });

  it("never throws, and every lookup it asks for is one it has not been given", () => {
    const fact = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
    const facts = fc.record({
      tenant: fact(fc.constantFrom(null, acme, hidden)),
      bareDomain: fact(fc.boolean()),
      key: fact(fc.constantFrom(null, "k.1")),
      access: fact(fc.constantFrom(OPEN, SHUT)),
      target: fact(fc.boolean()),
    });
    const segment = fc.constantFrom("acme", "ACME", "hidden", "history", "incidents", "x", "badge.svg", "embed", "", "%2e%2e", "v1", "_next", "ф");
    const path = fc.array(segment, { maxLength: 4 }).map((s) => `/${s.join("/")}`);
    const search = fc.array(fc.constantFrom("key=k", "lang=de", "page=2", "page=x", "denied=1", "x=1", "=", "&"), { maxLength: 4 }).map((p) => (p.length ? `?${p.join("&")}` : ""));
    const host = fc.constantFrom(PRIMARY, `www.${PRIMARY}`, DOMAIN, `www.${DOMAIN}`, "localhost:3000", "bad host", "");
    fc.assert(
      fc.property(host, path, search, fc.constantFrom("GET", "HEAD", "POST", "OPTIONS"), facts, (h, p, s, method, given) => {
        const plan = planRequest({ host: h, forwardedHost: null, pathname: p, search: s }, cfg);
        const answer = decidePublic({ plan, request: { method, pathname: p, search: s }, publicOrigin: cfg.publicOrigin, facts: given });
        if (answer.kind === "need") expect(given[answer.need]).toBeUndefined();
        if (answer.kind === "page") expect([method, answer.route]).toEqual([method === "HEAD" ? "HEAD" : "GET", "page"]);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("keptBeforeLookup (the front cache's key, before the page is known)", () => {
  const kept = (target: string, host = PRIMARY) => {
    const q = target.indexOf("?");
    const plan = planRequest({ host, forwardedHost: null, pathname: target.slice(0, q), search: target.slice(q) }, cfg);
    return keptBeforeLookup(plan, target.slice(q));
  };

  it.each([
    ["/acme?x=1", ""],
    ["/acme?utm_source=mail&denied=1", "?denied=1"],
    ["/acme?denied=1", null],
    ["/acme?denied=x1", ""],
    ["/acme?x=1&key=k&key=j", "?key=k&key=j"],
    ["/acme?key=k", null],
    ["/acme/history?page=junk&lang=de", "?lang=de"],
    ["/acme/badge.svg?style=flat&r=3", "?style=flat"],
    ["/acme/subscribe?x=1", null],
    ["/v1/status-pages?x=1", null],
    ["/?x=1", null],
  ])("%s → %j", (target, search) => expect(kept(target)).toBe(search));

  it("keys a custom domain's routes the same", () => {
    expect(kept("/incidents/abc?x=1&lang=de", DOMAIN)).toBe("?lang=de");
  });
});
