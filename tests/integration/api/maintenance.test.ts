import { describe, expect, it } from "vitest";
import { MaintenanceWindow, MaintenanceWindowList } from "@/lib/maintenance/schema";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { findPageById } from "@/lib/status-pages/queries";
import { expectError, expectShape, rowCounts, slug, STORE, tenant, type Tenant } from "./fixtures";

const H = 3_600_000;
const BASE = Date.parse("2026-06-01T00:00:00.000Z");
const iso = (ms: number) => new Date(ms).toISOString();

async function window(t: Tenant, i: number, extra: Record<string, unknown> = {}) {
  return (await t.api.post("/v1/maintenance-windows", { name: `w${i}`, startsAt: iso(BASE + i * H), endsAt: iso(BASE + i * H + H / 2), repeatUnit: null, ...extra })).body;
}

describe(`maintenance windows API (${STORE})`, () => {
  it("creates (201, integer id), reads, partially updates and deletes a window", async () => {
    const t = await tenant();
    const w = expectShape(
      await t.api.post("/v1/maintenance-windows", {
        name: "Database upgrade",
        description: "Short read-only period",
        tags: ["db"],
        startsAt: "2026-06-01T02:00:00+02:00",
        endsAt: iso(BASE + H),
        repeatUnit: "WEEK",
        repeatInterval: 2,
        repeatEndsAt: iso(BASE + 90 * 24 * H),
        timezone: "Europe/Berlin",
        silenceAllAlerts: true,
        statusPageVisibility: { enabled: false, reminderMinutesBefore: [60, 1440] },
      }),
      201,
      MaintenanceWindow,
    );
    expect(Number.isInteger(w.id)).toBe(true);
    expect(w).toMatchObject({ startsAt: iso(BASE), repeatUnit: "WEEK", repeatInterval: 2, timezone: "Europe/Berlin", silenceAllAlerts: true, pauseAllChecks: false, tags: ["db"] });
    expect(w.statusPageVisibility).toMatchObject({ enabled: false, reminderMinutesBefore: [60, 1440], autoStart: true });
    expect(expectShape(await t.api.get(`/v1/maintenance-windows/${w.id}`), 200, MaintenanceWindow)).toEqual(w);
    const renamed = expectShape(await t.api.put(`/v1/maintenance-windows/${w.id}`, { name: "Renamed" }), 200, MaintenanceWindow);
    expect({ ...renamed, name: w.name, updated_at: w.updated_at }).toEqual(w);
    const before = await rowCounts(t.db);
    expectError(await t.api.put(`/v1/maintenance-windows/${w.id}`, { endsAt: iso(BASE - H) }), 400, "endsAt");
    expectError(await t.api.put(`/v1/maintenance-windows/${w.id}`, { startsAt: iso(BASE + 2 * H), endsAt: iso(BASE + H) }), 400, "endsAt");
    expect(await rowCounts(t.db)).toEqual(before);
    expect((await t.api.get(`/v1/maintenance-windows/${w.id}`)).body.endsAt).toBe(w.endsAt);
    const del = await t.api.delete(`/v1/maintenance-windows/${w.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    expectError(await t.api.delete(`/v1/maintenance-windows/${w.id}`), 404);
    // Well-formed but beyond the 32-bit id column: no such window, on PostgreSQL too (not a 500).
    expectError(await t.api.get("/v1/maintenance-windows/99999999999"), 404);
  });

  it("rejects malformed ids (400), unknown ids (404) and bad fields, leaving the database unchanged", async () => {
    const t = await tenant();
    for (const id of ["abc", "0", "-1", "1.5", "1e3", "00000000-0000-4000-8000-000000000000"]) expectError(await t.api.get(`/v1/maintenance-windows/${id}`), 400, "id");
    expectError(await t.api.get("/v1/maintenance-windows/987654"), 404);
    const ok = { name: "w", startsAt: iso(BASE), endsAt: iso(BASE + H), repeatUnit: null };
    const before = await rowCounts(t.db);
    expectError(await t.api.post("/v1/maintenance-windows", { ...ok, endsAt: iso(BASE - 1) }), 400, "endsAt");
    expectError(await t.api.post("/v1/maintenance-windows", { ...ok, endsAt: iso(BASE) }), 400, "endsAt");
    const { repeatUnit: _r, ...noRepeat } = ok;
    expectError(await t.api.post("/v1/maintenance-windows", noRepeat), 400, "repeatUnit");
    expectError(await t.api.post("/v1/maintenance-windows", { ...ok, repeatUnit: "YEAR" }), 400, "repeatUnit");
    expectError(await t.api.post("/v1/maintenance-windows", { ...ok, repeatInterval: 366 }), 400, "repeatInterval");
    expectError(await t.api.post("/v1/maintenance-windows", { ...ok, startsAt: "yesterday" }), 400, "startsAt");
    expectError(await t.api.post("/v1/maintenance-windows", { ...ok, name: "x".repeat(201) }), 400, "name");
    expectError(await t.api.post("/v1/maintenance-windows", { ...ok, description: "x".repeat(2001) }), 400, "description");
    expectError(await t.api.post("/v1/maintenance-windows", { ...ok, timezone: "Mars/Olympus" }), 400, "timezone");
    expectError(await t.api.post("/v1/maintenance-windows", { ...ok, statusPageVisibility: { reminderMinutesBefore: [10] } }), 400, "statusPageVisibility.reminderMinutesBefore.0");
    expectError(await t.api.post("/v1/maintenance-windows", { ...ok, statusPageVisibility: { reminderMinutesBefore: [60, 70, 80, 90] } }), 400, "statusPageVisibility.reminderMinutesBefore");
    expectError(await t.api.post("/v1/maintenance-windows", { ...ok, statusPageVisibility: { enabled: true, colour: "red" } }), 400, "statusPageVisibility.colour");
    expectError(await t.api.post("/v1/maintenance-windows", { ...ok, statusPageVisibility: { statusPageIds: ["00000000-0000-4000-8000-000000000000"] } }), 400, "statusPageVisibility.statusPageIds.0");
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it("pages with limit (default 10) and 1-based page; rejects out-of-range values", async () => {
    const t = await tenant();
    for (let i = 0; i < 13; i++) await window(t, i);
    const first = expectShape(await t.api.get("/v1/maintenance-windows"), 200, MaintenanceWindowList);
    expect(first).toHaveLength(10);
    const second = expectShape(await t.api.get("/v1/maintenance-windows?page=2"), 200, MaintenanceWindowList);
    expect(second).toHaveLength(3);
    expect(new Set([...first, ...second].map((w) => w.id)).size).toBe(13);
    expect((await t.api.get("/v1/maintenance-windows?limit=5&page=3")).body).toHaveLength(3);
    expect((await t.api.get("/v1/maintenance-windows?limit=100&page=9")).body).toEqual([]);
    for (const q of ["limit=0", "limit=101", "limit=abc", "limit=", "page=0", "page=-1", "page=x"]) expectError(await t.api.get(`/v1/maintenance-windows?${q}`), 400, q.split("=")[0]);
  });

  it("filters on startsAt and endsAt with gt, gte, lt and lte", async () => {
    const t = await tenant();
    for (let i = 0; i < 6; i++) await window(t, i);
    const names = async (q: string) => ((await t.api.get(`/v1/maintenance-windows?limit=100&${q}`)).body as { name: string }[]).map((w) => w.name).sort();
    expect(await names(`startsAt[gte]=${iso(BASE + 2 * H)}`)).toEqual(["w2", "w3", "w4", "w5"]);
    expect(await names(`startsAt[gt]=${iso(BASE + 2 * H)}`)).toEqual(["w3", "w4", "w5"]);
    expect(await names(`startsAt[lt]=${iso(BASE + 2 * H)}`)).toEqual(["w0", "w1"]);
    expect(await names(`startsAt[lte]=${iso(BASE + 2 * H)}&startsAt[gt]=${iso(BASE)}`)).toEqual(["w1", "w2"]);
    expect(await names(`endsAt[gt]=${iso(BASE + 4 * H + H / 2)}`)).toEqual(["w5"]);
    expect(await names(`endsAt[lte]=${iso(BASE + H / 2)}`)).toEqual(["w0"]);
    expect(await names(`endsAt[lt]=${iso(BASE + H)}&endsAt[gte]=${iso(BASE)}`)).toEqual(["w0"]);
    expectError(await t.api.get("/v1/maintenance-windows?startsAt[gt]=soon"), 400, "startsAt[gt]");
    expectError(await t.api.get(`/v1/maintenance-windows?endsAt[between]=${iso(BASE)}`), 400, "endsAt[between]");
  });

  it("shows an enabled window on the pages it lists", async () => {
    const t = await tenant();
    const svc = (await t.api.post("/v1/status-pages/services", { name: "API" })).body;
    const page = (await t.api.post("/v1/status-pages", { name: "P", url: slug(), cards: [{ name: "c", services: [{ id: svc.id }] }] })).body;
    const now = Date.now();
    const w = (
      await t.api.post("/v1/maintenance-windows", {
        name: "Now",
        startsAt: iso(now - H),
        endsAt: iso(now + H),
        repeatUnit: null,
        statusPageVisibility: { enabled: true, statusPageIds: [page.id], serviceIds: [svc.id] },
      })
    ).body;
    const snap = await loadPageSnapshot(t.db, (await findPageById(t.db, page.id))!);
    expect(snap.maintenance.map((m) => m.id)).toEqual([w.id]);
    expect(snap.status).toBe("UNDER_MAINTENANCE");
    await t.api.put(`/v1/maintenance-windows/${w.id}`, { statusPageVisibility: { enabled: false } });
    expect((await loadPageSnapshot(t.db, (await findPageById(t.db, page.id))!)).maintenance).toEqual([]);
  });
});
