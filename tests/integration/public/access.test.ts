import { beforeEach, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { POST as unlock } from "@/app/(status)/[site]/access/route";
import { assertPageAccess, hasPageAccess } from "@/lib/access";
import { configureAccessThrottle } from "@/lib/access/throttle";
import { UnauthorizedError } from "@/lib/errors";
import { findPageById } from "@/lib/status-pages/queries";
import { listPageKeys, revokePageKey, setPagePassword } from "@/lib/status-pages/service";
import { makePage, request } from "./fixtures";

const BASE = "http://localhost:3000";
// Fresh addresses per run, so counters left in a shared store (REDIS_URL) never carry over.
const run = Math.floor(Math.random() * 250);
let ip = 0;
const nextIp = () => `198.18.${run}.${++ip}`;

function post(slug: string, form: Record<string, string>, client: string, headers: Record<string, string> = {}) {
  return unlock(
    new Request(`${BASE}/${slug}/access`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": client, "x-heliograph-base": `/${slug}`, ...headers },
      body: new URLSearchParams(form).toString(),
    }),
    { params: Promise.resolve({ site: slug }) },
  );
}

const cookieOf = (res: Response) => res.headers.get("set-cookie")?.split(";")[0] ?? "";
const reload = async (p: Awaited<ReturnType<typeof makePage>>) => (await findPageById(p.db, p.page.id))!;

describe(`private pages on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  beforeEach(() => configureAccessThrottle({ baseBackoffSeconds: 1 }));

  it("public pages are open to everyone", async () => {
    const p = await makePage();
    expect(await hasPageAccess(p.page, new Request(`${BASE}/${p.slug}`))).toBe(true);
  });

  it("a private page opens with its page key (Bearer or ?key=), never with a wrong one or the password", async () => {
    const p = await makePage({ isPrivate: true, withKey: true, password: "correct horse" });
    const page = await reload(p);
    expect(await hasPageAccess(page, new Request(`${BASE}/${p.slug}/badge.svg`))).toBe(false);
    await expect(assertPageAccess(page, new Request(`${BASE}/${p.slug}`))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(await hasPageAccess(page, new Request(`${BASE}/${p.slug}/badge.svg`, { headers: { authorization: `Bearer ${p.key}` } }))).toBe(true);
    expect(await hasPageAccess(page, new Request(`${BASE}/${p.slug}/badge.svg?key=${p.key}`))).toBe(true);
    expect(await hasPageAccess(page, new Request(`${BASE}/${p.slug}/badge.svg?key=${p.key}x`))).toBe(false);
    expect(await hasPageAccess(page, new Request(`${BASE}/${p.slug}/badge.svg`, { headers: { authorization: "Bearer correct horse" } }))).toBe(false);
  });

  it("the unlock form sets a signed, httpOnly, SameSite=Lax cookie for 30 days and returns to where the visitor was", async () => {
    const p = await makePage({ isPrivate: true, password: "correct horse" });
    const res = await post(p.slug, { secret: "correct horse", next: "/history?page=2" }, nextIp());
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/${p.slug}/history?page=2`);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const setCookie = res.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/^hg_access_[0-9a-f]{32}=[^;]+; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const page = await reload(p);
    expect(await hasPageAccess(page, new Request(`${BASE}/${p.slug}`, { headers: { cookie: cookieOf(res) } }))).toBe(true);
    // A tampered cookie, or one for another page, opens nothing.
    const [name, value] = cookieOf(res).split("=");
    expect(await hasPageAccess(page, new Request(`${BASE}/${p.slug}`, { headers: { cookie: `${name}=${value.replace(/.$/, (c) => (c === "A" ? "B" : "A"))}` } }))).toBe(false);
    const other = await makePage({ isPrivate: true, password: "correct horse" });
    expect(await hasPageAccess(await reload(other), new Request(`${BASE}/${other.slug}`, { headers: { cookie: `hg_access_${other.page.id.replaceAll("-", "")}=${value}` } }))).toBe(false);
  });

  it("changing the password or revoking the key closes the page again", async () => {
    const p = await makePage({ isPrivate: true, password: "first", withKey: true });
    const byPassword = cookieOf(await post(p.slug, { secret: "first" }, nextIp()));
    const byKey = cookieOf(await post(p.slug, { secret: p.key! }, nextIp()));
    const req = (cookie: string) => new Request(`${BASE}/${p.slug}`, { headers: { cookie } });
    expect(await hasPageAccess(await reload(p), req(byPassword))).toBe(true);
    expect(await hasPageAccess(await reload(p), req(byKey))).toBe(true);
    await setPagePassword(p.db, p.accountId, p.page.id, "second");
    expect(await hasPageAccess(await reload(p), req(byPassword))).toBe(false);
    const [key] = await listPageKeys(p.db, p.accountId, p.page.id);
    await revokePageKey(p.db, p.accountId, p.page.id, key.id);
    expect(await hasPageAccess(await reload(p), req(byKey))).toBe(false);
  });

  it("a wrong key goes back to the form with ?denied=1 and no cookie", async () => {
    const p = await makePage({ isPrivate: true, password: "right" });
    const res = await post(p.slug, { secret: "wrong", next: "" }, nextIp());
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/${p.slug}?denied=1`);
    expect(res.headers.get("set-cookie")).toBeNull();
  });

  it("after 10 wrong tries in 10 minutes further tries wait, exponentially longer (429 + Retry-After)", async () => {
    const p = await makePage({ isPrivate: true, password: "right" });
    const client = nextIp();
    for (let i = 0; i < 10; i++) expect((await post(p.slug, { secret: `wrong ${i}` }, client)).status).toBe(303);
    const blocked = await post(p.slug, { secret: "right" }, client);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe("1");
    expect(blocked.headers.get("cache-control")).toBe("private, no-store");
    expect(await blocked.text()).toContain("Too many wrong keys or passwords");
    // Another client is not affected.
    expect((await post(p.slug, { secret: "right" }, nextIp())).headers.get("set-cookie")).not.toBeNull();
    await new Promise((r) => setTimeout(r, 1100));
    expect((await post(p.slug, { secret: "still wrong" }, client)).status).toBe(303);
    const again = await post(p.slug, { secret: "right" }, client);
    expect(again.status).toBe(429);
    expect(again.headers.get("retry-after")).toBe("2");
  });

  it("an attack from many addresses holds back clients that guessed wrong, never the right password from one that did not, nor a page key", async () => {
    configureAccessThrottle({ baseBackoffSeconds: 60, pageTries: 5 });
    const p = await makePage({ isPrivate: true, withKey: true, password: "right" });
    const guesser = nextIp();
    expect((await post(p.slug, { secret: "wrong" }, guesser)).status).toBe(303);
    for (let i = 0; i < 4; i++) expect((await post(p.slug, { secret: "wrong" }, nextIp())).status).toBe(303);
    // The page-wide budget is spent: a client with a recent failure waits, even with the right password.
    const held = await post(p.slug, { secret: "right" }, guesser);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
    // Someone arriving with the right password while the attack runs gets in.
    const visitor = await post(p.slug, { secret: "right" }, nextIp());
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get("set-cookie")).toMatch(/^hg_access_/);
    // A fresh address gets its one guess checked; after a wrong one it waits like every guesser.
    const fresh = nextIp();
    expect((await post(p.slug, { secret: "wrong" }, fresh)).status).toBe(303);
    expect((await post(p.slug, { secret: "right" }, fresh)).status).toBe(429);
    const withKey = await post(p.slug, { secret: p.key! }, guesser);
    expect(withKey.status).toBe(303);
    expect(withKey.headers.get("set-cookie")).not.toBeNull();
  });

  it("counts IPv6 clients per /64, so new addresses from one network do not buy new guesses", async () => {
    const p = await makePage({ isPrivate: true, password: "right" });
    const net = `2001:db8:${run.toString(16)}:${(++ip).toString(16)}`;
    for (let i = 1; i <= 10; i++) expect((await post(p.slug, { secret: "wrong" }, `${net}::${i.toString(16)}`)).status).toBe(303);
    expect((await post(p.slug, { secret: "right" }, `${net}:0:0:0:ff`)).status).toBe(429);
    expect((await post(p.slug, { secret: "right" }, `2001:db8:${run.toString(16)}:${(++ip).toString(16)}::1`)).status).toBe(303);
  });

  it("never redirects outside the page, whatever `next` says", async () => {
    const p = await makePage({ isPrivate: true, password: "right" });
    for (const next of ["/..//evil.com", "//evil.com", "/%2e%2e//evil.com"]) {
      const res = await post(p.slug, { secret: "wrong", next }, nextIp());
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe(`/${p.slug}?denied=1`);
    }
  });

  it("sends the visitor back to a non-ASCII or odd `next` without a 500: percent-encoded, or the page itself", async () => {
    const p = await makePage({ isPrivate: true, password: "right" });
    const cases: [string, string][] = [
      ["/ф", `/${p.slug}/%D1%84`],
      ["/\u{1F600}", `/${p.slug}/%F0%9F%98%80`],
      ["/é", `/${p.slug}/%C3%A9`],
      ["/%00", `/${p.slug}`],
      ["/\u0000", `/${p.slug}`],
      // A lone surrogate cannot travel in a form body: it arrives as U+FFFD.
      ["/\ud800", `/${p.slug}/%EF%BF%BD`],
      ["/a\r\nSet-Cookie: x=1", `/${p.slug}`],
    ];
    for (const [next, location] of cases) {
      const res = await post(p.slug, { secret: "right", next }, nextIp());
      expect(res.status, JSON.stringify(next)).toBe(303);
      expect(res.headers.get("location")).toBe(location);
    }
  });

  it("rejects malformed forms with a 4xx, never a 500", async () => {
    const p = await makePage({ isPrivate: true, password: "right" });
    const json = await unlock(new Request(`${BASE}/${p.slug}/access`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }), { params: Promise.resolve({ site: p.slug }) });
    expect(json.status).toBe(415);
    const huge = await post(p.slug, { secret: "x".repeat(10_000) }, nextIp());
    expect(huge.status).toBe(413);
    const missing = await unlock(new Request(`${BASE}/nope/access`, { method: "POST" }), { params: Promise.resolve({ site: "nope" }) });
    expect(missing.status).toBe(404);
    const evilNext = await post(p.slug, { secret: "right", next: "//evil.com/x" }, nextIp());
    expect(evilNext.headers.get("location")).toBe(`/${p.slug}`);
  });

  it("a shared link with ?key= sets the cookie and drops the key from the address", async () => {
    const p = await makePage({ isPrivate: true, withKey: true });
    const res = (await proxy(request(`${BASE}/${p.slug}/history?page=2&key=${p.key}`)))!;
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`${BASE}/${p.slug}/history?page=2`);
    expect(res.headers.get("set-cookie")).toMatch(/^hg_access_/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const wrong = (await proxy(request(`${BASE}/${p.slug}?key=hgp_wrong`)))!;
    expect(wrong.headers.get("x-middleware-next")).toBe("1");
    expect(wrong.headers.get("set-cookie")).toBeNull();
  });
});
