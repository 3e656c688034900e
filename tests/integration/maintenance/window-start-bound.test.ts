import { describe, expect, it } from "vitest";
import { MaintenanceWindow } from "@/lib/maintenance/schema";
import { expectError, expectShape, rowCounts, STORE, tenant } from "../api/fixtures";

const H = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();
const Y2000 = Date.UTC(2000, 0, 1);

describe(`a maintenance window's first start is 2000 or later (${STORE})`, () => {
  it("refuses an earlier startsAt on create and update with a 400 naming startsAt, and changes nothing", async () => {
    const t = await tenant();
    const body = (startsAt: string) => ({ name: "Nightly", startsAt, endsAt: iso(Date.parse(startsAt) + H), repeatUnit: "DAY", timezone: "Europe/Berlin" });
    const w = expectShape(await t.api.post("/v1/maintenance-windows", body(iso(Y2000))), 201, MaintenanceWindow);
    expect(w.startsAt).toBe("2000-01-01T00:00:00.000Z");

    const before = await rowCounts(t.db);
    for (const startsAt of ["0001-01-01T02:00:00Z", "1999-12-31T23:59:59.999Z", "2000-01-01T00:30:00+01:00", "1970-01-01T00:00:00Z"]) {
      const created = expectError(await t.api.post("/v1/maintenance-windows", body(startsAt)), 400, "startsAt");
      expect(created.message).toContain("2000-01-01T00:00:00Z or later");
      expectError(await t.api.put(`/v1/maintenance-windows/${w.id}`, { startsAt }), 400, "startsAt");
      expectError(await t.api.put(`/v1/maintenance-windows/${w.id}`, body(startsAt)), 400, "startsAt");
    }
    expect(await rowCounts(t.db)).toEqual(before);
    expect(expectShape(await t.api.get(`/v1/maintenance-windows/${w.id}`), 200, MaintenanceWindow)).toEqual(w);
    // Later starts are taken as before.
    const moved = expectShape(await t.api.put(`/v1/maintenance-windows/${w.id}`, body("2026-06-01T02:00:00+02:00")), 200, MaintenanceWindow);
    expect(moved.startsAt).toBe("2026-06-01T00:00:00.000Z");
  });
});
