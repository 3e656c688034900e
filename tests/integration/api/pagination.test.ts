import { describe, expect, it } from "vitest";
import { IncidentPage } from "@/lib/incidents/schema";
import { ServicePage } from "@/lib/services/schema";
import { StatusPagePage } from "@/lib/status-pages/schema";
import { createService } from "@/lib/services/service";
import { createIncident } from "@/lib/incidents/service";
import { expectError, expectShape, slug, STORE, tenant, type Tenant } from "./fixtures";

/** Walks a cursor list to its end while `during` runs concurrently; returns every id seen, in order. */
async function walk(t: Tenant, path: string, limit: number, during: () => Promise<void>) {
  const seen: string[] = [];
  let nextId: string | null = null;
  let pages = 0;
  const writer = during();
  do {
    const q: string = `?limit=${limit}${nextId ? `&nextId=${encodeURIComponent(nextId)}` : ""}`;
    const res = await t.api.get(path + q);
    const page = expectShape(res, 200, path.endsWith("incidents") ? IncidentPage : ServicePage);
    expect(page.length).toBe(page.entries.length);
    expect(page.length).toBeLessThanOrEqual(limit);
    seen.push(...page.entries.map((e) => e.id));
    nextId = page.nextId;
    pages++;
  } while (nextId !== null && pages < 1000);
  await writer;
  return seen;
}

describe(`cursor pagination (${STORE})`, () => {
  it("walks 250 services in creation order while others are inserted: none missed, none repeated", async () => {
    const t = await tenant();
    const rows = [];
    for (let i = 0; i < 250; i++) rows.push(await createService(t.db, t.accountId, { name: `s${i}` }));
    // The list order is (created_at, id): rows made in the same millisecond follow their ids.
    const original = rows.sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1)).map((r) => r.id);
    const inserted: string[] = [];
    const seen = await walk(t, "/v1/status-pages/services", 7, async () => {
      for (let i = 0; i < 40; i++) inserted.push((await createService(t.db, t.accountId, { name: `late${i}` })).id);
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => original.includes(id))).toEqual(original);
    expect(seen.every((id) => original.includes(id) || inserted.includes(id))).toBe(true);
  });

  it("walks 250 incidents newest first while new ones open: none missed, none repeated", async () => {
    const t = await tenant();
    const svc = await createService(t.db, t.accountId, { name: "API" });
    const rows = [];
    for (let i = 0; i < 250; i++) rows.push((await createIncident(t.db, t.accountId, { name: `i${i}`, severity: "MINOR", serviceIds: [svc.id], update: { description: "x" } })).incident);
    const original = rows.sort((a, b) => a.created_at - b.created_at || (a.id < b.id ? -1 : 1)).map((r) => r.id);
    const seen = await walk(t, "/v1/status-pages/incidents", 20, async () => {
      for (let i = 0; i < 25; i++) await createIncident(t.db, t.accountId, { name: `late${i}`, severity: "MINOR", serviceIds: [svc.id], update: { description: "x" } });
    });
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => original.includes(id))).toEqual([...original].reverse());
  });

  it("defaults to 20, caps at 100, and rejects limit 0, 101, abc and fractions", async () => {
    const t = await tenant();
    for (let i = 0; i < 105; i++) await createService(t.db, t.accountId, { name: `s${i}` });
    expect((await t.api.get("/v1/status-pages/services")).body.length).toBe(20);
    const max = expectShape(await t.api.get("/v1/status-pages/services?limit=100"), 200, ServicePage);
    expect(max.length).toBe(100);
    expect(max.nextId).not.toBeNull();
    const last = expectShape(await t.api.get(`/v1/status-pages/services?limit=100&nextId=${encodeURIComponent(max.nextId!)}`), 200, ServicePage);
    expect(last).toMatchObject({ length: 5, nextId: null });
    for (const path of ["/v1/status-pages/services", "/v1/status-pages/incidents", "/v1/status-pages"]) {
      for (const limit of ["0", "101", "abc", "1.5", "-1", ""]) expectError(await t.api.get(`${path}?limit=${limit}`), 400, "limit");
    }
    expect((await t.api.get("/v1/status-pages")).status).toBe(200);
    expectShape(await t.api.get("/v1/status-pages?limit=1"), 200, StatusPagePage);
  });

  it("rejects a tampered cursor, a cursor of another list and a cursor of another account (400)", async () => {
    const t = await tenant();
    const other = await tenant("Other");
    for (let i = 0; i < 3; i++) {
      await createService(t.db, t.accountId, { name: `s${i}` });
      await createService(other.db, other.accountId, { name: `o${i}` });
      await t.api.post("/v1/status-pages", { name: `p${i}`, url: slug(), cards: [] });
    }
    const cursor = (await t.api.get("/v1/status-pages/services?limit=1")).body.nextId as string;
    expect(cursor).toEqual(expect.any(String));
    expect((await t.api.get(`/v1/status-pages/services?limit=1&nextId=${encodeURIComponent(cursor)}`)).status).toBe(200);
    const [payload, mac] = cursor.split(".");
    const forged = Buffer.from(JSON.stringify([0, "00000000-0000-4000-8000-000000000000"])).toString("base64url");
    const flipped = mac.slice(0, -2) + (mac.at(-2) === "A" ? "B" : "A") + mac.at(-1);
    for (const bad of [`${forged}.${mac}`, `${payload}.${flipped}`, payload, "garbage", `${cursor}.x`]) {
      expectError(await t.api.get(`/v1/status-pages/services?nextId=${encodeURIComponent(bad)}`), 400, "nextId");
    }
    expectError(await t.api.get(`/v1/status-pages?nextId=${encodeURIComponent(cursor)}`), 400, "nextId");
    expectError(await t.api.get(`/v1/status-pages/incidents?nextId=${encodeURIComponent(cursor)}`), 400, "nextId");
    expectError(await other.api.get(`/v1/status-pages/services?nextId=${encodeURIComponent(cursor)}`), 400, "nextId");
    const pagesCursor = (await t.api.get("/v1/status-pages?limit=1")).body.nextId as string;
    expectError(await t.api.get(`/v1/status-pages/services?nextId=${encodeURIComponent(pagesCursor)}`), 400, "nextId");
  });
});
