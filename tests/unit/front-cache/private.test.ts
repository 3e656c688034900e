import { afterEach, describe, expect, it } from "vitest";
import { accessCookieName, signGrant } from "@/lib/access/token";
import { MEMBERS_PAGE, MEMBERS_SECRET, get, origin, serve, tick } from "./origin";

const servers: { close: () => Promise<void> }[] = [];
/** secret null: the app has not loaded the server secret in this process yet. */
async function start(o = origin(), secret: string | null = MEMBERS_SECRET) {
  const s = await serve(o, { serverSecret: () => secret ?? undefined });
  servers.push(s);
  return { o, ...s };
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const cookieFor = (credential: string, opts: { secret?: string; pageId?: string; expires?: number } = {}) => {
  const grant = { pageId: opts.pageId ?? MEMBERS_PAGE, credential, expires: opts.expires ?? Math.floor(Date.now() / 1000) + 3600 };
  return `theme=dark; ${accessCookieName(MEMBERS_PAGE)}=${signGrant(grant, opts.secret ?? MEMBERS_SECRET)}`;
};
const KEY = cookieFor("k.key-1");
const PASSWORD = cookieFor("p.pw-1");

describe("front cache: private pages", () => {
  it("serves a private page from memory to every visitor it lets in, still private and no-store", async () => {
    const { o, port } = await start();
    const first = await get(port, "/members", { cookie: KEY });
    const second = await get(port, "/members", { cookie: KEY });
    const otherVisitor = await get(port, "/members", { cookie: PASSWORD });
    expect(first.headers["x-heliograph-cache"]).toBe("MISS");
    expect(second.headers["x-heliograph-cache"]).toBe("HIT");
    expect(otherVisitor.headers["x-heliograph-cache"]).toBe("HIT");
    expect(otherVisitor.text).toContain("SECRET members v1");
    for (const r of [first, second, otherVisitor]) {
      expect(r.headers["cache-control"]).toBe("private, no-store");
      expect(r.headers["x-robots-tag"]).toBe("noindex");
      expect(r.headers["x-heliograph-cache-access"]).toBeUndefined();
      expect(r.headers["x-heliograph-cache-tags"]).toBeUndefined();
    }
    expect(o.rendersByPath.get("/members")).toBe(1);
  });

  it("never gives the stored body to a request without a valid grant: the app answers it (401)", async () => {
    const { o, port } = await start();
    await get(port, "/members", { cookie: KEY });
    const refused = [
      {},
      { cookie: "other=1" },
      { cookie: cookieFor("k.key-1", { secret: "forged" }) },
      { cookie: cookieFor("k.key-1", { expires: Math.floor(Date.now() / 1000) - 1 }) },
      { cookie: cookieFor("k.unknown-key") },
      // A grant for another page, under this page's cookie name.
      { cookie: cookieFor("k.key-1", { pageId: "another-page" }) },
    ] as Record<string, string>[];
    for (const headers of refused) {
      const r = await get(port, "/members", headers);
      expect(r.status, JSON.stringify(headers)).toBe(401);
      expect(r.text).not.toContain("SECRET");
      expect(r.headers["x-heliograph-cache"]).toBeUndefined();
    }
    expect(o.rendersByPath.get("/members")).toBe(1 + refused.length);
  });

  it("does not hand a render in progress to a visitor it does not let in", async () => {
    const o = origin();
    let open!: () => void;
    o.gate = new Promise<void>((r) => (open = r));
    const { port } = await start(o);
    const insider = get(port, "/members", { cookie: KEY });
    await tick(20);
    const outsider = get(port, "/members");
    await tick(20);
    o.gate = undefined;
    open();
    expect((await insider).text).toContain("SECRET");
    const out = await outsider;
    expect(out.status).toBe(401);
    expect(out.text).not.toContain("SECRET");
  });

  it("refuses an old cookie at once when its key is revoked (the page's tags are bumped)", async () => {
    const { o, port, store } = await start();
    await get(port, "/members", { cookie: KEY });
    expect((await get(port, "/members", { cookie: KEY })).headers["x-heliograph-cache"]).toBe("HIT");
    o.credentials.delete("k.key-1");
    await store.bump(["page:members"]);
    const revoked = await get(port, "/members", { cookie: KEY });
    expect(revoked.status).toBe(401);
    expect(revoked.text).not.toContain("SECRET");
    const still = await get(port, "/members", { cookie: PASSWORD });
    expect(still.text).toContain("SECRET");
    // The new render's credential list no longer has the key: the cached copy refuses it too.
    expect((await get(port, "/members", { cookie: KEY })).status).toBe(401);
  });

  it("never serves an invalidated private copy during an outage", async () => {
    const { o, port, store } = await start();
    await get(port, "/members", { cookie: KEY });
    o.credentials.delete("k.key-1");
    await store.bump(["page:members"]);
    o.down = true;
    const r = await get(port, "/members", { cookie: KEY });
    expect(r.text).not.toContain("SECRET");
    expect(r.headers["x-heliograph-cache"]).toBeUndefined();
  });

  it("leaves a ?key= exchange to the app, and serves nothing private before the server secret is loaded", async () => {
    const { o, port } = await start();
    await get(port, "/members", { cookie: KEY });
    for (let i = 0; i < 2; i++) expect((await get(port, "/members?key=abc", { cookie: KEY })).headers["x-heliograph-cache"]).not.toBe("HIT");
    const cold = await start(origin(), null);
    await get(cold.port, "/members", { cookie: KEY });
    expect((await get(cold.port, "/members", { cookie: KEY })).headers["x-heliograph-cache"]).not.toBe("HIT");
    expect(o.urls).toEqual(["/members", "/members?key=abc", "/members?key=abc"]);
  });

  it("reads the query as a parser does: an encoded `%6Bey=` is a key exchange too", async () => {
    const { o, port } = await start();
    await get(port, "/members", { cookie: KEY });
    expect((await get(port, "/members?%6Bey=abc", { cookie: KEY })).headers["x-heliograph-cache"]).not.toBe("HIT");
    expect(o.urls).toEqual(["/members", "/members?%6Bey=abc"]);
  });
});
