import { describe, expect, it } from "vitest";
import { CreatedStatusPageKey, StatusPage, StatusPageKey, StatusPagePage } from "@/lib/status-pages/schema";
import { THEME_COLOR_FIELDS } from "@/lib/status-pages/types";
import { verifyPassword } from "@/lib/secrets/tokens";
import { expectError, expectShape, rowCounts, slug, STORE, tenant, type Tenant } from "./fixtures";


async function services(t: Tenant, ...names: string[]) {
  const out = [];
  for (const name of names) out.push((await t.api.post("/v1/status-pages/services", { name })).body);
  return out;
}

const palette = (c: string) => Object.fromEntries(THEME_COLOR_FIELDS.map((f) => [f, c]));

describe(`status pages API (${STORE})`, () => {
  it("creates a page with ordered cards and normalized fields, reads and lists it", async () => {
    const t = await tenant();
    const [a, b, c] = await services(t, "A", "B", "C");
    const url = slug("Acme").toUpperCase();
    const page = expectShape(
      await t.api.post("/v1/status-pages", {
        name: "Acme",
        url,
        description: "All systems",
        customDomain: "Status.Example.COM",
        defaultTheme: "DARK",
        themeColors: { light: palette("#fff"), dark: palette("#0A0B0C") },
        logo: "https://example.com/logo.png",
        redirectTo: "http://example.com/",
        cards: [
          { name: "Second", services: [{ id: c.id }, { id: a.id }] },
          { name: "First", services: [{ id: b.id, name: "ignored", accountId: t.accountId }] },
        ],
      }),
      201,
      StatusPage,
    );
    expect(page).toMatchObject({ url: url.toLowerCase(), customDomain: "status.example.com", isPrivate: false, defaultTheme: "DARK", accountId: t.accountId, keys: [], incidents: [] });
    expect(page.themeColors?.dark.borderColor).toBe("#0A0B0C");
    expect(page.cards.map((x) => x.name)).toEqual(["Second", "First"]);
    expect(page.cards[0].services.map((s) => s.name)).toEqual(["C", "A"]);
    expect(expectShape(await t.api.get(`/v1/status-pages/${page.id}`), 200, StatusPage)).toEqual(page);
    const list = expectShape(await t.api.get("/v1/status-pages"), 200, StatusPagePage);
    expect(list.entries.map((p) => p.id)).toEqual([page.id]);
  });

  it("PUT replaces cards in the order given, keeping ids of cards it names", async () => {
    const t = await tenant();
    const [a, b, c] = await services(t, "A", "B", "C");
    const page = (await t.api.post("/v1/status-pages", { name: "P", url: slug(), cards: [{ name: "one", services: [{ id: a.id }] }, { name: "two", services: [{ id: b.id }] }] })).body;
    const [one, two] = page.cards;
    const updated = expectShape(
      await t.api.put(`/v1/status-pages/${page.id}`, {
        name: "P2",
        url: page.url,
        cards: [{ id: two.id, name: "two renamed", services: [{ id: c.id }, { id: b.id }] }, { name: "three", services: [] }],
      }),
      200,
      StatusPage,
    );
    expect(updated.name).toBe("P2");
    expect(updated.cards.map((x) => x.name)).toEqual(["two renamed", "three"]);
    expect(updated.cards[0].id).toBe(two.id);
    expect(updated.cards[0].services.map((s) => s.id)).toEqual([c.id, b.id]);
    expect(updated.cards.some((x) => x.id === one.id)).toBe(false);
    // A card id of another page is refused, and nothing changes.
    const other = (await t.api.post("/v1/status-pages", { name: "O", url: slug(), cards: [{ name: "x", services: [] }] })).body;
    const before = await rowCounts(t.db);
    expectError(await t.api.put(`/v1/status-pages/${page.id}`, { name: "P", url: page.url, cards: [{ id: other.cards[0].id, name: "stolen", services: [] }] }), 400, "cards.0.id");
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await t.api.get(`/v1/status-pages/${page.id}`)).body.name).toBe("P2");
  });

  it("lists the page's unresolved incidents only", async () => {
    const t = await tenant();
    const [a, b] = await services(t, "A", "B");
    const page = (await t.api.post("/v1/status-pages", { name: "P", url: slug(), cards: [{ name: "c", services: [{ id: a.id }] }] })).body;
    const open = (await t.api.post("/v1/status-pages/incidents", { name: "open", severity: "MAJOR", services: [{ id: a.id }], incidentUpdates: [{ description: "x" }] })).body;
    await t.api.post("/v1/status-pages/incidents", { name: "elsewhere", severity: "MAJOR", services: [{ id: b.id }], incidentUpdates: [{ description: "x" }] });
    const done = (await t.api.post("/v1/status-pages/incidents", { name: "done", severity: "MINOR", services: [{ id: a.id }], incidentUpdates: [{ description: "x" }] })).body;
    await t.api.post(`/v1/status-pages/incidents/${done.id}/incident-updates`, { description: "fixed", status: "RESOLVED" });
    const got = expectShape(await t.api.get(`/v1/status-pages/${page.id}`), 200, StatusPage);
    expect(got.incidents.map((i) => i.id)).toEqual([open.id]);
  });

  it("manages page keys: raw key once, masked list, revoke; and the page password", async () => {
    const t = await tenant();
    const page = (await t.api.post("/v1/status-pages", { name: "P", url: slug(), isPrivate: true, cards: [] })).body;
    const key = expectShape(await t.api.post(`/v1/status-pages/${page.id}/keys`), 201, CreatedStatusPageKey);
    expect(key.key).toMatch(/^hgp_/);
    expect(key.maskedKey).not.toContain(key.key.slice(8, -4));
    const withBody = expectShape(await t.api.post(`/v1/status-pages/${page.id}/keys`, {}), 201, CreatedStatusPageKey);
    const list = await t.api.get(`/v1/status-pages/${page.id}/keys`);
    expect(list.status).toBe(200);
    for (const k of list.body) StatusPageKey.parse(k);
    expect(list.text).not.toContain(key.key);
    expect(list.body.map((k: { id: string }) => k.id)).toEqual([key.id, withBody.id]);
    const shown = expectShape(await t.api.get(`/v1/status-pages/${page.id}`), 200, StatusPage);
    expect(shown.keys.map((k) => k.maskedKey)).toEqual([key.maskedKey, withBody.maskedKey]);
    expectError(await t.api.post(`/v1/status-pages/${page.id}/keys`, { name: "x" }), 400, "name");
    expect((await t.api.delete(`/v1/status-pages/${page.id}/keys/${key.id}`)).status).toBe(204);
    expectError(await t.api.delete(`/v1/status-pages/${page.id}/keys/${key.id}`), 404);
    expectError(await t.api.delete(`/v1/status-pages/${page.id}/keys/nope`), 400, "keyId");

    expect((await t.api.put(`/v1/status-pages/${page.id}/password`, { password: "correct horse" })).status).toBe(204);
    const row = await t.db.selectFrom("status_pages").select("password_hash").where("id", "=", page.id).executeTakeFirstOrThrow();
    expect(await verifyPassword("correct horse", row.password_hash!)).toBe(true);
    expectError(await t.api.put(`/v1/status-pages/${page.id}/password`, { password: "short" }), 400, "password");
    expectError(await t.api.put(`/v1/status-pages/${page.id}/password`, {}), 400, "password");
    expect((await t.api.put(`/v1/status-pages/${page.id}/password`, { password: null })).status).toBe(204);
    const cleared = await t.db.selectFrom("status_pages").select("password_hash").where("id", "=", page.id).executeTakeFirstOrThrow();
    expect(cleared.password_hash).toBeNull();
  });

  it("answers 409 for a taken slug or custom domain, also across accounts", async () => {
    const t = await tenant();
    const other = await tenant("Other");
    const url = slug();
    await t.api.post("/v1/status-pages", { name: "P", url, customDomain: "status.taken.example", cards: [] });
    const before = await rowCounts(t.db);
    expectError(await other.api.post("/v1/status-pages", { name: "Q", url: url.toUpperCase(), cards: [] }), 409);
    expectError(await other.api.post("/v1/status-pages", { name: "Q", url: slug(), customDomain: "STATUS.taken.example", cards: [] }), 409);
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it("deletes a page (204, no body) and answers 404 the second time", async () => {
    const t = await tenant();
    const page = (await t.api.post("/v1/status-pages", { name: "P", url: slug(), cards: [{ name: "c", services: [] }] })).body;
    const res = await t.api.delete(`/v1/status-pages/${page.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expectError(await t.api.delete(`/v1/status-pages/${page.id}`), 404);
    expectError(await t.api.get(`/v1/status-pages/${page.id}`), 404);
    expect(await t.db.selectFrom("cards").selectAll().where("status_page_id", "=", page.id).execute()).toEqual([]);
  });
});
