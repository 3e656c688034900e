import { describe, expect, it } from "vitest";
import { LIMITS } from "@/lib/accounts/entitlements";
import { getGenerations } from "@/lib/cache/generations";
import { pageTag } from "@/lib/cache/tags";
import { Component, ComponentPage } from "@/lib/components/schema";
import { loadPageStructure } from "@/lib/components/structure";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { vendorSchemaErrors } from "../../setup/vendor-schemas";
import type { ApiResponse } from "../api/client";
import { expectError, expectShape, slug, STORE, tenant, type Tenant } from "../api/fixtures";

/** The status, our own wire schema (strict), and the vendor's published schema. */
function expectV3(res: ApiResponse, status: number, vendor: "ComponentV3" | "ComponentsV3Paginated") {
  expectShape(res, status, vendor === "ComponentV3" ? Component : ComponentPage);
  expect(vendorSchemaErrors(vendor, res.body), `${vendor}: ${res.text.slice(0, 400)}`).toEqual([]);
  return res.body;
}

function expectV3Error(res: ApiResponse, status: number, field?: string) {
  const body = expectError(res, status, field);
  expect(vendorSchemaErrors("Error", body)).toEqual([]);
  return body;
}

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ["status_pages", "components", "subscriber_components"] as const) out[t] = Number((await db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  return out;
}

async function v3Page(t: Tenant) {
  const res = await t.api.post("/v3/status-pages", { name: "Modern", url: slug("v3") });
  expect(res.status, res.text).toBe(201);
  return res.body as { id: string; url: string; version: number };
}

type Wire = { id: string; type: string; name: string; displayOrder: number; parentId: string | null; created_at: string; hidden: boolean; description: string | null };

describe(`v3 components (${STORE})`, () => {
  it("creates, reads, replaces and deletes components; every write refreshes the page", async () => {
    const t = await tenant();
    const page = await v3Page(t);
    const base = `/v3/status-pages/${page.id}/components`;
    const gen = () => getGenerations().latest([pageTag(page.id)]);
    let before = gen();
    const group = expectV3(await t.api.post(base, { type: "GROUP", name: "Core", description: "The core", displayOrder: 1 }), 201, "ComponentV3");
    expect(gen()).toBeGreaterThan(before);
    expect(group).toMatchObject({ type: "GROUP", name: "Core", description: "The core", displayOrder: 1, hidden: false, parentId: null, statusPageId: page.id });
    const api = expectV3(await t.api.post(base, { name: "  API  ", displayOrder: 2, parentId: group.id.toUpperCase(), hidden: true }), 201, "ComponentV3");
    expect(api).toMatchObject({ type: "SERVICE", name: "API", description: null, hidden: true, parentId: group.id });
    expect(expectV3(await t.api.get(`${base}/${api.id}`), 200, "ComponentV3")).toEqual(api);

    before = gen();
    const put = expectV3(await t.api.put(`${base}/${api.id}`, { name: "API v2", displayOrder: -5 }), 200, "ComponentV3");
    expect(gen()).toBeGreaterThan(before);
    // Full replacement: what is left out takes its default.
    expect(put).toMatchObject({ id: api.id, type: "SERVICE", name: "API v2", description: null, displayOrder: -5, hidden: false, parentId: null, created_at: api.created_at });
    const back = expectV3(await t.api.put(`${base}/${api.id}`, { type: "SERVICE", name: "API", description: "d", displayOrder: 3, hidden: true, parentId: group.id }), 200, "ComponentV3");
    expect(back).toMatchObject({ description: "d", hidden: true, parentId: group.id, displayOrder: 3 });
    // A service with no children may become a group, and a childless group a service.
    const solo = expectV3(await t.api.post(base, { name: "Solo", displayOrder: 9 }), 201, "ComponentV3");
    expect(expectV3(await t.api.put(`${base}/${solo.id}`, { type: "GROUP", name: "Solo", displayOrder: 9 }), 200, "ComponentV3").type).toBe("GROUP");
    expect(expectV3(await t.api.put(`${base}/${solo.id}`, { name: "Solo", displayOrder: 9 }), 200, "ComponentV3").type).toBe("SERVICE");

    before = gen();
    const del = await t.api.delete(`${base}/${solo.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    expect(gen()).toBeGreaterThan(before);
    expectV3Error(await t.api.get(`${base}/${solo.id}`), 404);
    expectV3Error(await t.api.delete(`${base}/${solo.id}`), 404);
    expectV3Error(await t.api.put(`${base}/${solo.id}`, { name: "x", displayOrder: 1 }), 404);
    const list = expectV3(await t.api.get(base), 200, "ComponentsV3Paginated");
    expect(list.entries.map((c: Wire) => c.id)).toEqual([group.id, api.id]);
    expect(list.nextId).toBeNull();
  });

  it("lists in display order (ties in creation order) across cursor pages, as the public page orders them", async () => {
    const t = await tenant();
    const page = await v3Page(t);
    const base = `/v3/status-pages/${page.id}/components`;
    const made: Wire[] = [];
    for (const displayOrder of [5, 1, 3, 1, -2, 3, 2, 2_147_483_647, -2_147_483_648, 1]) {
      made.push(expectV3(await t.api.post(base, { name: `c${made.length}`, displayOrder }), 201, "ComponentV3"));
    }
    const key = (c: Wire) => [c.displayOrder, Date.parse(c.created_at), c.id] as const;
    const expected = [...made].sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0);
    });
    const seen: string[] = [];
    let nextId: string | null = null;
    let first: string | null = null;
    do {
      const body = expectV3(await t.api.get(`${base}?limit=3${nextId ? `&nextId=${encodeURIComponent(nextId)}` : ""}`), 200, "ComponentsV3Paginated");
      expect(body.length).toBe(body.entries.length);
      seen.push(...body.entries.map((c: Wire) => c.id));
      nextId = body.nextId;
      first ??= nextId;
    } while (nextId);
    expect(seen).toEqual(expected.map((c) => c.id));
    const structure = await loadPageStructure(t.db, { id: page.id, version: 3 });
    expect(structure.components.map((c) => c.id)).toEqual(seen);
    // A cursor of this page's list is refused by another page's and by the page list.
    const other = await v3Page(t);
    expectV3Error(await t.api.get(`/v3/status-pages/${other.id}/components?nextId=${encodeURIComponent(first!)}`), 400, "nextId");
    expectV3Error(await t.api.get(`/v3/status-pages?nextId=${encodeURIComponent(first!)}`), 400, "nextId");
    expectV3Error(await t.api.get(`${base}?nextId=garbage`), 400, "nextId");
    expectV3Error(await t.api.get(`${base}?limit=101`), 400, "limit");
  });

  it("keeps the tree one level deep and on one page: bad parents and types are 400s naming the field, and change nothing", async () => {
    const t = await tenant();
    const page = await v3Page(t);
    const base = `/v3/status-pages/${page.id}/components`;
    const group = (await t.api.post(base, { type: "GROUP", name: "G", displayOrder: 1 })).body;
    const child = (await t.api.post(base, { name: "child", displayOrder: 2, parentId: group.id })).body;
    const lone = (await t.api.post(base, { name: "lone", displayOrder: 3 })).body;
    const otherPage = await v3Page(t);
    const foreignGroup = (await t.api.post(`/v3/status-pages/${otherPage.id}/components`, { type: "GROUP", name: "theirs", displayOrder: 1 })).body;
    const stranger = await tenant("Stranger");
    const strangerPage = await v3Page(stranger);
    const strangerGroup = (await stranger.api.post(`/v3/status-pages/${strangerPage.id}/components`, { type: "GROUP", name: "G", displayOrder: 1 })).body;
    const before = await counts(t.db);
    const snapshot = (await t.api.get(base)).body;

    const cases: [string, "post" | "put", string, Record<string, unknown>, string][] = [
      ["a group inside a group", "post", base, { type: "GROUP", name: "x", displayOrder: 1, parentId: group.id }, "parentId"],
      ["a service as parent", "post", base, { name: "x", displayOrder: 1, parentId: lone.id }, "parentId"],
      ["a group of another page", "post", base, { name: "x", displayOrder: 1, parentId: foreignGroup.id }, "parentId"],
      ["a group of another account", "post", base, { name: "x", displayOrder: 1, parentId: strangerGroup.id }, "parentId"],
      ["no such component", "post", base, { name: "x", displayOrder: 1, parentId: newId() }, "parentId"],
      ["a malformed parent", "post", base, { name: "x", displayOrder: 1, parentId: "group-1" }, "parentId"],
      ["its own parent", "put", `${base}/${lone.id}`, { name: "lone", displayOrder: 3, parentId: lone.id }, "parentId"],
      ["a group made a child", "put", `${base}/${group.id}`, { type: "GROUP", name: "G", displayOrder: 1, parentId: group.id }, "parentId"],
      ["a group with children made a service", "put", `${base}/${group.id}`, { type: "SERVICE", name: "G", displayOrder: 1 }, "type"],
      ["a group with children, type omitted (SERVICE)", "put", `${base}/${group.id}`, { name: "G", displayOrder: 1 }, "type"],
      ["a child moved under a service", "put", `${base}/${child.id}`, { name: "child", displayOrder: 2, parentId: lone.id }, "parentId"],
      ["no displayOrder", "post", base, { name: "x" }, "displayOrder"],
      ["a fractional displayOrder", "post", base, { name: "x", displayOrder: 1.5 }, "displayOrder"],
      ["a displayOrder past 32 bits", "post", base, { name: "x", displayOrder: 2 ** 31 }, "displayOrder"],
      ["a string displayOrder", "post", base, { name: "x", displayOrder: "1" }, "displayOrder"],
      ["no name", "post", base, { displayOrder: 1 }, "name"],
      ["a blank name", "put", `${base}/${lone.id}`, { name: "  ", displayOrder: 1 }, "name"],
      ["an unknown type", "post", base, { type: "FOLDER", name: "x", displayOrder: 1 }, "type"],
      ["an unknown field", "post", base, { name: "x", displayOrder: 1, statusPageId: otherPage.id }, "statusPageId"],
      ["a NUL in the name", "post", base, { name: "a\u0000b", displayOrder: 1 }, "name"],
      ["a non-boolean hidden", "post", base, { name: "x", displayOrder: 1, hidden: "true" }, "hidden"],
    ];
    for (const [what, method, url, body, field] of cases) {
      const res = await t.api[method](url, body);
      expect(res.status, `${what}: ${res.text}`).toBe(400);
      expectV3Error(res, 400, field);
    }
    expectV3Error(await t.api.get(`${base}/not-a-uuid`), 400, "componentId");
    expectV3Error(await t.api.get(`/v3/status-pages/not-a-uuid/components`), 400, "statusPageId");
    // Another page's component is not found under this page.
    expectV3Error(await t.api.get(`${base}/${foreignGroup.id}`), 404);
    expectV3Error(await t.api.delete(`${base}/${foreignGroup.id}`), 404);
    expectV3Error(await t.api.get(`/v3/status-pages/${newId()}/components`), 404);
    expect(await counts(t.db)).toEqual(before);
    expect((await t.api.get(base)).body).toEqual(snapshot);
  });

  it("deleting a group detaches its children, in one transaction, and the page keeps rendering them", async () => {
    const t = await tenant();
    const page = await v3Page(t);
    const base = `/v3/status-pages/${page.id}/components`;
    const group = (await t.api.post(base, { type: "GROUP", name: "Core", displayOrder: 1 })).body;
    const a = (await t.api.post(base, { name: "A", displayOrder: 2, parentId: group.id })).body;
    const b = (await t.api.post(base, { name: "B", displayOrder: 3, parentId: group.id })).body;
    const c = (await t.api.post(base, { name: "C", displayOrder: 4 })).body;
    let structure = await loadPageStructure(t.db, { id: page.id, version: 3 });
    expect(structure.entries.map((e) => [e.name, e.children.map((k) => k.name)])).toEqual([["Core", ["A", "B"]], ["C", []]]);

    expect((await t.api.delete(`${base}/${group.id}`)).status).toBe(204);
    for (const id of [a.id, b.id]) {
      const got = expectV3(await t.api.get(`${base}/${id}`), 200, "ComponentV3");
      expect(got.parentId).toBeNull();
      expect(Date.parse(got.updated_at)).toBeGreaterThanOrEqual(Date.parse(a.updated_at));
    }
    expect((await t.api.get(base)).body.entries.map((x: Wire) => x.id)).toEqual([a.id, b.id, c.id]);
    structure = await loadPageStructure(t.db, { id: page.id, version: 3 });
    expect(structure.entries.map((e) => [e.kind, e.name])).toEqual([["component", "A"], ["component", "B"], ["component", "C"]]);
    const orphans = await t.db.selectFrom("components").select("id").where("parent_id", "=", group.id).execute();
    expect(orphans).toEqual([]);
  });

  it("limits components per page through the entitlements (402), writing nothing", async () => {
    const t = await tenant();
    const page = await v3Page(t);
    const at = Date.now();
    const rows = Array.from({ length: LIMITS.COMPONENTS_PER_STATUS_PAGE }, (_, i) => ({ id: newId(), status_page_id: page.id, type: "SERVICE" as const, name: `c${i}`, description: null, display_order: i, hidden: 0 as const, parent_id: null, created_at: at, updated_at: at }));
    for (let i = 0; i < rows.length; i += 200) await t.db.insertInto("components").values(rows.slice(i, i + 200)).execute();
    const before = await counts(t.db);
    const res = expectV3Error(await t.api.post(`/v3/status-pages/${page.id}/components`, { name: "one too many", displayOrder: 1 }), 402);
    expect(res.attributes).toMatchObject({ entitlement: "COMPONENTS_PER_STATUS_PAGE", quantity: LIMITS.COMPONENTS_PER_STATUS_PAGE });
    expect(await counts(t.db)).toEqual(before);
    const ent = (await t.api.get("/v1/accounts/me/entitlements")).body.entitlements.find((e: { key: string }) => e.key === "COMPONENTS_PER_STATUS_PAGE");
    expect(ent).toMatchObject({ quantity: LIMITS.COMPONENTS_PER_STATUS_PAGE, enabled: true });
    // Replacing one still works at the limit.
    expect((await t.api.put(`/v3/status-pages/${page.id}/components/${rows[0].id}`, { name: "renamed", displayOrder: 0 })).status).toBe(200);
  });

  it("concurrent writes on one page answer 2xx or 4xx, never 5xx, and leave the tree consistent", async () => {
    const t = await tenant();
    const page = await v3Page(t);
    const base = `/v3/status-pages/${page.id}/components`;
    const group = (await t.api.post(base, { type: "GROUP", name: "G", displayOrder: 1 })).body;
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => t.api.post(base, { name: `s${i}`, displayOrder: i, parentId: group.id })),
      t.api.delete(`${base}/${group.id}`),
      t.api.delete(`${base}/${group.id}`),
      t.api.put(`${base}/${group.id}`, { name: "G", displayOrder: 1 }),
    ]);
    for (const res of answers) expect(res.status, res.text).toBeLessThan(500);
    const rows = await t.db.selectFrom("components").selectAll().where("status_page_id", "=", page.id).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of rows) if (r.parent_id) expect(byId.get(r.parent_id)?.type).toBe("GROUP");
  });
});
