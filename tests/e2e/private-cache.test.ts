/**
 * Private pages through the front cache in the production server: stored once for every visitor the page
 * lets in, served only after the cache checked the visitor's access cookie, never to anyone else, and
 * refused at once after a key is revoked or the password changed through the API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./harness";
import { api, raw } from "./cache-helpers";

const PASSWORD = "members only 42";
const CARD = "Members-only card";
let server: RunningServer;
let key: string;
let page: { id: string; url: string };
let pageKey: { id: string; key: string };

const cookieOf = (setCookie: string | string[] | null | undefined) => String(setCookie ?? "").split(";")[0];

async function openWithKey(rawKey: string): Promise<string> {
  const link = await raw(server.url, `/${page.url}?key=${rawKey}`);
  expect(link.status).toBe(303);
  return cookieOf(link.headers["set-cookie"]);
}

async function openWithPassword(password: string): Promise<string> {
  const r = await fetch(`${server.url}/${page.url}/access`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ secret: password }).toString(),
  });
  expect(r.status).toBe(303);
  return cookieOf(r.headers.get("set-cookie"));
}

function expectLocked(r: Awaited<ReturnType<typeof raw>>) {
  expect(r.status).toBe(401);
  expect(r.text).not.toContain(CARD);
  expect(r.headers["x-heliograph-cache"]).toBeUndefined();
  expect(r.headers["cache-control"]).toBe("private, no-store");
}

describe("private pages in the front cache (production server)", () => {
  beforeAll(async () => {
    server = await startServer({ env: { HELIOGRAPH_WORKER: "false" } });
    key = server.apiKey()!;
    const services = await api<{ entries: { id: string }[] }>(server.url, key, "GET", "/v1/status-pages/services?limit=1");
    const created = await api<{ id: string; url: string }>(server.url, key, "POST", "/v1/status-pages", {
      name: "Members Co",
      url: `members-${Date.now()}`,
      isPrivate: true,
      cards: [{ name: CARD, services: [{ id: services.json.entries[0].id }] }],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    page = created.json;
    expect((await api(server.url, key, "PUT", `/v1/status-pages/${page.id}/password`, { password: PASSWORD })).status).toBe(204);
    pageKey = (await api<{ id: string; key: string }>(server.url, key, "POST", `/v1/status-pages/${page.id}/keys`, {})).json;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("serves the page opened with its key from the cache on the next request, private and noindex", async () => {
    const cookie = await openWithKey(pageKey.key);
    const first = await raw(server.url, `/${page.url}`, { cookie, "accept-encoding": "br" });
    const second = await raw(server.url, `/${page.url}`, { cookie, "accept-encoding": "br" });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.headers["x-heliograph-cache"]).toBe("HIT");
    expect(second.body.equals(first.body)).toBe(true);
    for (const r of [first, second]) {
      expect(r.headers["cache-control"]).toBe("private, no-store");
      expect(r.headers["x-robots-tag"]).toBe("noindex");
      expect(r.headers["set-cookie"]).toBeUndefined();
      expect(Object.keys(r.headers).filter((h) => h.startsWith("x-heliograph-") && h !== "x-heliograph-cache")).toEqual([]);
    }
    const plain = await raw(server.url, `/${page.url}`, { cookie });
    expect(plain.text).toContain(CARD);
    // Another visitor, let in by the password: the same stored copy.
    const byPassword = await raw(server.url, `/${page.url}`, { cookie: await openWithPassword(PASSWORD) });
    expect(byPassword.headers["x-heliograph-cache"]).toBe("HIT");
    expect(byPassword.text).toContain(CARD);
  });

  it("answers a request without a valid cookie with the unlock form (401), never the stored body", async () => {
    await raw(server.url, `/${page.url}`, { cookie: await openWithKey(pageKey.key) });
    const cookieName = (await openWithKey(pageKey.key)).split("=")[0];
    for (const headers of [{}, { cookie: "theme=dark" }, { cookie: `${cookieName}=forged~1~k.x~sig` }] as Record<string, string>[]) {
      const r = await raw(server.url, `/${page.url}`, headers);
      expectLocked(r);
      expect(r.text).toContain("private");
    }
  });

  it("refuses the old cookie at once after its key is revoked, and after the password changed", async () => {
    const byKey = await openWithKey(pageKey.key);
    const byPassword = await openWithPassword(PASSWORD);
    await raw(server.url, `/${page.url}`, { cookie: byKey });
    expect((await raw(server.url, `/${page.url}`, { cookie: byKey })).headers["x-heliograph-cache"]).toBe("HIT");

    expect((await api(server.url, key, "DELETE", `/v1/status-pages/${page.id}/keys/${pageKey.id}`)).status).toBe(204);
    expectLocked(await raw(server.url, `/${page.url}`, { cookie: byKey }));
    const still = await raw(server.url, `/${page.url}`, { cookie: byPassword });
    expect(still.status).toBe(200);
    expect(still.text).toContain(CARD);
    expect((await raw(server.url, `/${page.url}`, { cookie: byPassword })).headers["x-heliograph-cache"]).toBe("HIT");
    expectLocked(await raw(server.url, `/${page.url}`, { cookie: byKey }));

    expect((await api(server.url, key, "PUT", `/v1/status-pages/${page.id}/password`, { password: `${PASSWORD} changed` })).status).toBe(204);
    expectLocked(await raw(server.url, `/${page.url}`, { cookie: byPassword }));
  });
});
