/**
 * Migration 007 (maintenance occurrences) on a database written by release 0.1: the release's weekly
 * Europe/Berlin window lists its occurrences through the API, at its local start time across DST changes.
 */
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { releaseFixtureIds, upgradedFromRelease } from "@/tests/setup/release-fixture";
import { vendorSchemaErrors } from "@/tests/setup/vendor-schemas";
import { Maintenance, MaintenanceList, MaintenanceStatusUpdate } from "@/lib/maintenance/schema";
import { client } from "../api/client";
import { expectShape } from "../api/fixtures";
import type { Db } from "@/lib/db";

const ids = releaseFixtureIds();
let db: Db;

beforeAll(async () => {
  db = await upgradedFromRelease();
});

describe("maintenance occurrences after the upgrade from release 0.1", () => {
  it("adds the two tables empty: occurrences are materialised on first use", async () => {
    expect(await db.selectFrom("maintenance_occurrences").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("maintenance_updates").selectAll().execute()).toEqual([]);
  });

  it("lists the release's weekly Europe/Berlin window at its local start time, and takes updates", async () => {
    const api = client(ids.apiKey);
    const windows = (await api.get("/v1/maintenance-windows")).body as { id: number; timezone: string | null; repeatUnit: string | null; startsAt: string }[];
    const weekly = windows.find((w) => w.repeatUnit === "WEEK" && w.timezone === "Europe/Berlin");
    expect(weekly).toBeDefined();
    const wall = DateTime.fromISO(weekly!.startsAt, { zone: "Europe/Berlin" }).toFormat("ccc HH:mm");

    const res = await api.get(`/v1/maintenance-windows/${weekly!.id}/maintenances?limit=50`);
    const list = expectShape(res, 200, MaintenanceList);
    expect(vendorSchemaErrors("MaintenanceList", list)).toEqual([]);
    expect(list).toHaveLength(50);
    const offsets = new Set(list.map((m) => DateTime.fromISO(m.startsAt, { zone: "Europe/Berlin" }).offset));
    expect(offsets).toEqual(new Set([60, 120]));
    for (const m of list) {
      expect(DateTime.fromISO(m.startsAt, { zone: "Europe/Berlin" }).toFormat("ccc HH:mm")).toBe(wall);
      expect(m).toMatchObject({ maintenanceWindowId: weekly!.id, status: "SCHEDULED" });
      expect(Date.parse(m.startsAt)).toBeGreaterThan(Date.now() - 7 * 86_400_000);
    }

    const base = `/v1/maintenance-windows/${weekly!.id}/maintenances/${list[0].id}`;
    const upd = expectShape(await api.post(`${base}/updates`, { status: "IN_PROGRESS", description: "Patching" }), 201, MaintenanceStatusUpdate);
    expect(vendorSchemaErrors("MaintenanceStatusUpdate", upd)).toEqual([]);
    const one = expectShape(await api.get(base), 200, Maintenance);
    expect(vendorSchemaErrors("Maintenance", one)).toEqual([]);
    expect(one).toMatchObject({ status: "IN_PROGRESS", updates: [{ id: upd.id }] });
  });
});
