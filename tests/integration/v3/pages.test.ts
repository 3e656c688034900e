import { describe, expect, it } from "vitest";
import { LIMITS } from "@/lib/accounts/entitlements";
import { getGenerations } from "@/lib/cache/generations";
import { pageTag, TENANCY_TAG } from "@/lib/cache/tags";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { insertPage } from "@/lib/status-pages/queries";
import { StatusPageV3, StatusPageV3Page } from "@/lib/status-pages/schema";
import { THEME_COLOR_FIELDS } from "@/lib/status-pages/types";
import { verifyPassword } from "@/lib/secrets/tokens";
import { vendorSchemaErrors } from "../../setup/vendor-schemas";
import type { ApiResponse } from "../api/client";
import { expectError, expectShape, slug, STORE, tenant, type Tenant } from "../api/fixtures";

/** The status, our own wire schema (strict), and the vendor's published schema. */
function expectV3(res: ApiResponse, status: number, vendor: string) {
  expect(res.status, res.text).toBe(status);
  expect(vendorSchemaErrors(vendor, res.body), `${vendor}: ${res.text.slice(0, 400)}`).toEqual([]);
  return res.body;
}

/** An error in our envelope that also validates against the vendor's error shape. */
function expectV3Error(res: ApiResponse, status: number, field?: string) {
  const body = expectError(res, status, field);
  expect(vendorSchemaErrors("Error", body)).toEqual([]);
  if (status === 404) expect(vendorSchemaErrors("NotFoundError", body)).toEqual([]);
  return body;
}

const TABLES = ["status_pages", "components", "subscribers", "subscriber_components", "status_page_keys", "cards"] as const;

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = Number((await db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  return out;
}

const palette = (c: string) => Object.fromEntries(THEME_COLOR_FIELDS.map((f) => [f, c]));

const full = () => ({
  name: "Acme",
  url: slug("Acme").toUpperCase(),
  description: "All systems",
  customDomain: `Status-${slug()}.Example.COM`,
  themeColors: { light: { ...palette("#fff"), borderColor: "#a1b2c3" }, dark: palette("#0a0B0c") },
  logo: "https://example.com/logo.png",
  logoDark: "https://example.com/logo-dark.png",
  redirectTo: "http://example.com/",
  favicon: "https://example.com/favicon.ico",
  defaultTheme: "DARK",
  privacyPolicyLink: "https://example.com/privacy",
  termsOfServiceLink: "https://example.com/terms",
  footerText: "© Acme",
  googleAnalyticsTag: "G-ABC123",
  allowIndexing: false,
  isPrivate: true,
});

const v1Page = async (t: Tenant) => {
  const res = await t.api.post("/v1/status-pages", { name: "Classic", url: slug("v1"), cards: [] });
  expect(res.status, res.text).toBe(201);
  return res.body;
};

const v3Page = async (t: Tenant, extra: Record<string, unknown> = {}) => expectV3(await t.api.post("/v3/status-pages", { name: "Modern", url: slug("v3"), ...extra }), 201, "StatusPageV3");

describe(`v3 status pages (${STORE})`, () => {
  it("creates a page with every field, normalized, and reads and lists it", async () => {
    const t = await tenant();
    const input = full();
    const page = expectV3(await t.api.post("/v3/status-pages", input), 201, "StatusPageV3");
    expectShape({ status: 201, body: page } as ApiResponse, 201, StatusPageV3);
    expect(page).toMatchObject({
      version: 3,
      accountId: t.accountId,
      url: input.url.toLowerCase(),
      customDomain: input.customDomain.toLowerCase(),
      description: "All systems",
      defaultTheme: "DARK",
      privacyPolicyLink: "https://example.com/privacy",
      termsOfServiceLink: "https://example.com/terms",
      footerText: "© Acme",
      googleAnalyticsTag: "G-ABC123",
      allowIndexing: false,
      isPrivate: true,
      logoDark: "https://example.com/logo-dark.png",
    });
    expect(page.themeColors.light).toMatchObject({ bodyBackgroundColor: "#FFF", borderColor: "#A1B2C3" });
    expect(page.themeColors.dark.borderColor).toBe("#0A0B0C");
    expect(page).not.toHaveProperty("cards");
    expect(page.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    expect(expectV3(await t.api.get(`/v3/status-pages/${page.id}`), 200, "StatusPageV3")).toEqual(page);
    const list = expectV3(await t.api.get("/v3/status-pages"), 200, "StatusPagesV3Paginated");
    expectShape({ status: 200, body: list } as ApiResponse, 200, StatusPageV3Page);
    expect(list).toEqual({ length: 1, entries: [page], nextId: null });

    // Defaults of a minimal page.
    const minimal = await v3Page(t);
    expect(minimal).toMatchObject({ description: null, customDomain: null, themeColors: null, defaultTheme: "AUTO", allowIndexing: true, isPrivate: false, privacyPolicyLink: null, footerText: null });
  });

  it("PUT resets the vendor's omitted fields, keeps isPrivate, keys and password, and refreshes the page", async () => {
    const t = await tenant();
    const page = expectV3(await t.api.post("/v3/status-pages", full()), 201, "StatusPageV3");
    const key = await t.api.post(`/v1/status-pages/${page.id}/keys`);
    expect(key.status, key.text).toBe(201);
    expect((await t.api.put(`/v1/status-pages/${page.id}/password`, { password: "correct horse" })).status).toBe(204);
    const before = getGenerations().latest([pageTag(page.id)]);

    const put = expectV3(await t.api.put(`/v3/status-pages/${page.id}`, { name: "Renamed", url: page.url }), 200, "StatusPageV3");
    expect(put).toMatchObject({
      id: page.id,
      name: "Renamed",
      url: page.url,
      version: 3,
      description: null,
      customDomain: null,
      themeColors: null,
      logo: null,
      logoDark: null,
      redirectTo: null,
      favicon: null,
      defaultTheme: "AUTO",
      privacyPolicyLink: null,
      termsOfServiceLink: null,
      footerText: null,
      googleAnalyticsTag: null,
      allowIndexing: true,
      isPrivate: true,
      created_at: page.created_at,
    });
    expect(getGenerations().latest([pageTag(page.id)])).toBeGreaterThan(before);
    expect((await t.api.get(`/v1/status-pages/${page.id}/keys`)).body.map((k: { id: string }) => k.id)).toEqual([key.body.id]);
    const row = await t.db.selectFrom("status_pages").select(["password_hash", "version"]).where("id", "=", page.id).executeTakeFirstOrThrow();
    expect(await verifyPassword("correct horse", row.password_hash!)).toBe(true);
    expect(Number(row.version)).toBe(3);

    // isPrivate given: it changes.
    expect(expectV3(await t.api.put(`/v3/status-pages/${page.id}`, { name: "R", url: page.url, isPrivate: false }), 200, "StatusPageV3").isPrivate).toBe(false);
    // The vendor's fields given again: set again.
    const again = expectV3(await t.api.put(`/v3/status-pages/${page.id}`, { ...full(), url: page.url, isPrivate: undefined }), 200, "StatusPageV3");
    expect(again).toMatchObject({ footerText: "© Acme", allowIndexing: false, isPrivate: false, defaultTheme: "DARK" });
  });

  it("walks the list with cursors: v3 pages only, each once, in creation order", async () => {
    const t = await tenant();
    const created: { id: string; created_at: string }[] = [];
    for (let i = 0; i < 5; i++) {
      created.push(await v3Page(t));
      if (i % 2 === 0) await v1Page(t);
    }
    // Oldest first; pages made in the same millisecond by id.
    const made = created.sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || (a.id < b.id ? -1 : 1)).map((p) => p.id);
    const seen: string[] = [];
    let nextId: string | null = null;
    let pages = 0;
    do {
      const url: string = `/v3/status-pages?limit=2${nextId ? `&nextId=${encodeURIComponent(nextId)}` : ""}`;
      const body = expectV3(await t.api.get(url), 200, "StatusPagesV3Paginated");
      expect(body.length).toBe(body.entries.length);
      for (const e of body.entries) expect(e.version).toBe(3);
      seen.push(...body.entries.map((e: { id: string }) => e.id));
      nextId = body.nextId;
      pages++;
    } while (nextId);
    expect(seen).toEqual(made);
    expect(pages).toBe(3);
    // The v1 list has v1 pages only; a cursor of one list is refused by the other.
    const v1 = (await t.api.get("/v1/status-pages?limit=1")).body;
    expect(v1.entries.every((e: { id: string }) => !made.includes(e.id))).toBe(true);
    expect((await t.api.get("/v1/status-pages")).body.length).toBe(3);
    expectV3Error(await t.api.get(`/v3/status-pages?nextId=${encodeURIComponent(v1.nextId)}`), 400, "nextId");
    const v3 = (await t.api.get("/v3/status-pages?limit=1")).body;
    expectV3Error(await t.api.get(`/v1/status-pages?nextId=${encodeURIComponent(v3.nextId)}`), 400, "nextId");
    expectV3Error(await t.api.get("/v3/status-pages?limit=0"), 400, "limit");
    expectV3Error(await t.api.get("/v3/status-pages?limit=101"), 400, "limit");
  });

  it("each API refuses the other's pages with 400 naming the API that serves them, and changes nothing", async () => {
    const t = await tenant();
    const v3 = await v3Page(t);
    const v1 = await v1Page(t);
    const before = await counts(t.db);
    const toV3 = [
      await t.api.get(`/v1/status-pages/${v3.id}`),
      await t.api.put(`/v1/status-pages/${v3.id}`, { name: "x", url: v3.url, cards: [] }),
      await t.api.delete(`/v1/status-pages/${v3.id}`),
      await t.api.get(`/v1/status-pages/${v3.id}/subscriptions`),
      await t.api.post(`/v1/status-pages/${v3.id}/subscriptions/bulk`, { subscriptions: [{ type: "EMAIL", config: "a@example.com" }], autoVerify: true }),
      await t.api.delete(`/v1/status-pages/${v3.id}/subscriptions/${newId()}`),
    ];
    for (const res of toV3) {
      const body = expectV3Error(res, 400, "id");
      expect(body.message).toBe(`This is a v3 status page: use /v3/status-pages/${v3.id}`);
      expect(body.attributes).toMatchObject({ version: 3, use: `/v3/status-pages/${v3.id}` });
    }
    const toV1 = [
      await t.api.get(`/v3/status-pages/${v1.id}`),
      await t.api.put(`/v3/status-pages/${v1.id}`, { name: "x", url: v1.url }),
      await t.api.delete(`/v3/status-pages/${v1.id}`),
      await t.api.get(`/v3/status-pages/${v1.id}/components`),
      await t.api.post(`/v3/status-pages/${v1.id}/components`, { name: "x", displayOrder: 1 }),
      await t.api.get(`/v3/status-pages/${v1.id}/components/${newId()}`),
      await t.api.put(`/v3/status-pages/${v1.id}/components/${newId()}`, { name: "x", displayOrder: 1 }),
      await t.api.delete(`/v3/status-pages/${v1.id}/components/${newId()}`),
      await t.api.get(`/v3/status-pages/${v1.id}/subscribers`),
      await t.api.post(`/v3/status-pages/${v1.id}/subscribers/bulk`, { subscriptions: [{ type: "EMAIL", config: { address: "a@example.com" } }] }),
      await t.api.delete(`/v3/status-pages/${v1.id}/subscribers/${newId()}`),
    ];
    for (const res of toV1) expect(expectV3Error(res, 400, "statusPageId").message).toBe(`This is a v1 status page: use /v1/status-pages/${v1.id}`);
    expect(await counts(t.db)).toEqual(before);
    expect((await t.api.get(`/v3/status-pages/${v3.id}`)).body.name).toBe("Modern");
    expect((await t.api.get(`/v1/status-pages/${v1.id}`)).body.name).toBe("Classic");
    // Page keys and the password are Heliograph's own operations and serve both kinds.
    const key = await t.api.post(`/v1/status-pages/${v3.id}/keys`);
    expect(key.status, key.text).toBe(201);
    expect((await t.api.get(`/v1/status-pages/${v3.id}/keys`)).body).toHaveLength(1);
    expect((await t.api.delete(`/v1/status-pages/${v3.id}/keys/${key.body.id}`)).status).toBe(204);
    expect((await t.api.put(`/v1/status-pages/${v3.id}/password`, { password: "long enough" })).status).toBe(204);
  });

  it("refuses bad input with 400 naming the field, taken addresses with 409, and writes nothing", async () => {
    const t = await tenant();
    const v1 = await v1Page(t);
    const v3 = await v3Page(t, { customDomain: `d-${slug()}.example.com` });
    const before = await counts(t.db);
    const bad: [Record<string, unknown>, string][] = [
      [{ url: slug() }, "name"],
      [{ name: "x" }, "url"],
      [{ name: "x", url: "v3" }, "url"],
      [{ name: "x", url: "-bad-" }, "url"],
      [{ name: "x", url: slug(), customDomain: "https://status.example.com" }, "customDomain"],
      [{ name: "x", url: slug(), description: "d".repeat(501) }, "description"],
      [{ name: "x", url: slug(), privacyPolicyLink: `https://example.com/${"p".repeat(250)}` }, "privacyPolicyLink"],
      [{ name: "x", url: slug(), termsOfServiceLink: "ftp://example.com/terms" }, "termsOfServiceLink"],
      [{ name: "x", url: slug(), footerText: "f".repeat(1001) }, "footerText"],
      [{ name: "x", url: slug(), googleAnalyticsTag: "G-ABC 123" }, "googleAnalyticsTag"],
      [{ name: "x", url: slug(), googleAnalyticsTag: "G".repeat(256) }, "googleAnalyticsTag"],
      [{ name: "x", url: slug(), defaultTheme: "SEPIA" }, "defaultTheme"],
      [{ name: "x", url: slug(), allowIndexing: "yes" }, "allowIndexing"],
      [{ name: "x", url: slug(), themeColors: { light: palette("#ggg"), dark: palette("#000") } }, "themeColors.light.bodyBackgroundColor"],
      [{ name: "x", url: slug(), cards: [] }, "cards"],
      [{ name: "x", url: slug(), version: 1 }, "version"],
    ];
    for (const [body, field] of bad) {
      expectV3Error(await t.api.post("/v3/status-pages", body), 400, field);
      expectV3Error(await t.api.put(`/v3/status-pages/${v3.id}`, body), 400, field);
    }
    expectV3Error(await t.api.post("/v3/status-pages", { name: "x", url: v1.url }), 409);
    expectV3Error(await t.api.put(`/v3/status-pages/${v3.id}`, { name: "x", url: v1.url }), 409);
    expectV3Error(await t.api.post("/v3/status-pages", { name: "x", url: slug(), customDomain: v3.customDomain.toUpperCase() }), 409);
    expectV3Error(await t.api.post("/v1/status-pages", { name: "x", url: v3.url, cards: [] }), 409);
    expectV3Error(await t.api.post("/v3/status-pages", "not json"), 400);
    expectV3Error(await t.api.post("/v3/status-pages", undefined, { rawBody: "{", headers: { "content-type": "application/json" } }), 400);
    expectV3Error(await t.api.post("/v3/status-pages", undefined, { rawBody: "{}", headers: { "content-type": "text/plain" } }), 415);
    expectV3Error(await t.api.get("/v3/status-pages/not-a-uuid"), 400, "statusPageId");
    expectV3Error(await t.api.get(`/v3/status-pages/${newId()}`), 404);
    expectV3Error(await t.api.patch(`/v3/status-pages/${v3.id}`, { name: "x" }), 405);
    expect(await counts(t.db)).toEqual(before);
    expect(expectV3(await t.api.get(`/v3/status-pages/${v3.id}`), 200, "StatusPageV3")).toEqual(v3);
  });

  it("counts v1 and v3 pages against the one page limit", async () => {
    const t = await tenant();
    const at = Date.now();
    for (let i = 0; i < LIMITS.STATUS_PAGES; i++) {
      await insertPage(t.db, { id: newId(), account_id: t.accountId, name: "p", url: slug("lim"), description: null, custom_domain: null, is_private: 0, default_theme: "AUTO", theme_colors: null, logo: null, logo_dark: null, favicon: null, redirect_to: null, password_hash: null, version: i % 2 === 0 ? 1 : 3, created_at: at, updated_at: at });
    }
    const before = await counts(t.db);
    const res = expectV3Error(await t.api.post("/v3/status-pages", { name: "one too many", url: slug() }), 402);
    expect(res.attributes).toMatchObject({ entitlement: "STATUS_PAGES", quantity: LIMITS.STATUS_PAGES });
    expect(await counts(t.db)).toEqual(before);
  });

  it("DELETE removes the page with its components and subscribers, and refreshes its address", async () => {
    const t = await tenant();
    const page = await v3Page(t);
    const group = (await t.api.post(`/v3/status-pages/${page.id}/components`, { type: "GROUP", name: "G", displayOrder: 1 })).body;
    const svc = (await t.api.post(`/v3/status-pages/${page.id}/components`, { name: "S", displayOrder: 2, parentId: group.id })).body;
    const bulk = await t.api.post(`/v3/status-pages/${page.id}/subscribers/bulk`, { subscriptions: [{ type: "EMAIL", config: { address: "a@example.com", subscribedComponents: [svc.id] } }], autoVerify: true });
    expect(bulk.status, bulk.text).toBe(201);
    const other = await v3Page(t);
    const kept = (await t.api.post(`/v3/status-pages/${other.id}/components`, { name: "Other", displayOrder: 1 })).body;
    const before = getGenerations().latest([pageTag(page.id)]);
    const tenancy = getGenerations().latest([TENANCY_TAG]);

    const res = await t.api.delete(`/v3/status-pages/${page.id}`);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(getGenerations().latest([pageTag(page.id)])).toBeGreaterThan(before);
    expect(getGenerations().latest([TENANCY_TAG])).toBeGreaterThan(tenancy);
    expectV3Error(await t.api.get(`/v3/status-pages/${page.id}`), 404);
    expectV3Error(await t.api.delete(`/v3/status-pages/${page.id}`), 404);
    expectV3Error(await t.api.get(`/v3/status-pages/${page.id}/components`), 404);
    const left = await t.db.selectFrom("components").select("id").where("id", "in", [group.id, svc.id, kept.id]).execute();
    expect(left.map((r) => r.id)).toEqual([kept.id]);
    expect(await counts(t.db)).toMatchObject({ subscribers: 0, subscriber_components: 0 });
  });
});
