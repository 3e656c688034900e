/**
 * Occurrences ("maintenances") of a window through the API: lazily materialised from the repeat rule in the
 * window's time zone, moved, skipped and given status updates, on both stores; every answer validated
 * against Heliograph's schemas and the vendor's.
 */
import { DateTime } from "luxon";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { Maintenance, MaintenanceList, MaintenanceStatusUpdate, MaintenanceWindow } from "@/lib/maintenance/schema";
import { vendorSchemaErrors } from "@/tests/setup/vendor-schemas";
import type { ApiResponse } from "../api/client";
import { getGenerations } from "@/lib/cache/generations";
import { pageTag } from "@/lib/cache/tags";
import { expectError, expectShape, seed, STORE, tenant, type Tenant } from "../api/fixtures";
import type { z } from "zod";

const H = 3_600_000;
const ZONE = "Europe/Berlin";

/** Status, Heliograph's schema and the vendor's schema of one answer. */
function answer<S extends z.ZodType>(res: ApiResponse, status: number, schema: S, vendor: string): z.output<S> {
  const body = expectShape(res, status, schema);
  expect(vendorSchemaErrors(vendor, body)).toEqual([]);
  return body;
}

/** The next Monday 02:00 Berlin time at least a day away. */
function nextMonday0200(): DateTime {
  let d = DateTime.now().setZone(ZONE).plus({ days: 1 }).set({ hour: 2, minute: 0, second: 0, millisecond: 0 });
  while (d.weekday !== 1) d = d.plus({ days: 1 });
  return d;
}

async function weeklyBerlin(t: Tenant, extra: Record<string, unknown> = {}) {
  const start = nextMonday0200();
  return answer(
    await t.api.post("/v1/maintenance-windows", {
      name: "Weekly patching",
      startsAt: start.toISO(),
      endsAt: start.plus({ hours: 2 }).toISO(),
      repeatUnit: "WEEK",
      repeatInterval: 1,
      timezone: ZONE,
      ...extra,
    }),
    201,
    MaintenanceWindow,
    "MaintenanceWindow",
  );
}

const list = async (t: Tenant, windowId: number, qs = "") => answer(await t.api.get(`/v1/maintenance-windows/${windowId}/maintenances${qs}`), 200, MaintenanceList, "MaintenanceList");
const local = (iso: string) => DateTime.fromISO(iso, { zone: ZONE });

/** Everything the occurrence verbs write, to show a refused request changed nothing. */
async function snapshot(t: Tenant) {
  const occ = await t.db.selectFrom("maintenance_occurrences").selectAll().orderBy("id").execute();
  const upd = await t.db.selectFrom("maintenance_updates").selectAll().orderBy("id").execute();
  return JSON.stringify({ occ, upd });
}

describe(`maintenance occurrences (${STORE})`, () => {
  it("lists a weekly Europe/Berlin window at 02:00 local across the next two daylight-saving changes, materialised once", async () => {
    const t = await tenant();
    const w = await weeklyBerlin(t);
    const first = await list(t, w.id, "?limit=50");
    expect(first).toHaveLength(50);
    const second = await list(t, w.id, "?limit=50&page=2");
    expect(second).toHaveLength(50);
    const all = [...first, ...second];
    for (const m of all) {
      expect(local(m.startsAt).toFormat("ccc HH:mm")).toBe("Mon 02:00");
      expect(Date.parse(m.endsAt) - Date.parse(m.startsAt)).toBe(2 * H);
      expect(m).toMatchObject({ maintenanceWindowId: w.id, status: "SCHEDULED", updates: [] });
    }
    // Consecutive local weeks, and the UTC offset switches at least twice (summer and winter time).
    for (let i = 1; i < all.length; i++) expect(local(all[i].startsAt).diff(local(all[i - 1].startsAt), "weeks").weeks).toBe(1);
    const offsets = all.map((m) => local(m.startsAt).offset);
    const switches = offsets.filter((o, i) => i > 0 && o !== offsets[i - 1]).length;
    expect(switches).toBeGreaterThanOrEqual(2);
    expect(new Set(offsets)).toEqual(new Set([60, 120]));

    // Listing again returns the same rows: each rule occurrence is a row at most once.
    const count = async () => Number((await t.db.selectFrom("maintenance_occurrences").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const rows = await count();
    expect((await list(t, w.id, "?limit=50")).map((m) => m.id)).toEqual(first.map((m) => m.id));
    expect(await count()).toBe(rows);
    expect(await list(t, w.id)).toHaveLength(10);
    expect((await list(t, w.id)).map((m) => m.id)).toEqual(first.slice(0, 10).map((m) => m.id));

    const one = answer(await t.api.get(`/v1/maintenance-windows/${w.id}/maintenances/${first[3].id}`), 200, Maintenance, "Maintenance");
    expect(one).toEqual(first[3]);
  });

  it("lists a one-off window's single occurrence and refuses an unknown time zone with a 400 naming it", async () => {
    const t = await tenant();
    const start = Date.now() + 24 * H;
    const w = answer(
      await t.api.post("/v1/maintenance-windows", { name: "Once", startsAt: new Date(start).toISOString(), endsAt: new Date(start + H).toISOString(), repeatUnit: null }),
      201,
      MaintenanceWindow,
      "MaintenanceWindow",
    );
    const occ = await list(t, w.id);
    expect(occ.map((m) => [m.startsAt, m.endsAt])).toEqual([[w.startsAt, w.endsAt]]);
    for (const timezone of ["Mars/Olympus", "+01:00", "UTC+1"]) {
      expectError(await t.api.post("/v1/maintenance-windows", { name: "x", startsAt: w.startsAt, endsAt: w.endsAt, repeatUnit: "DAY", timezone }), 400, "timezone");
      expectError(await t.api.put(`/v1/maintenance-windows/${w.id}`, { timezone }), 400, "timezone");
    }
  });

  it("answers where an occurrence stands by the clock before the scheduler's tick wrote it, as the page does", async () => {
    const t = await tenant();
    const iso = (ms: number) => new Date(ms).toISOString();
    const now = Date.now();
    const started = async (visibility: Record<string, boolean>) => {
      const w = answer(await t.api.post("/v1/maintenance-windows", { name: "Now", startsAt: iso(now - H), endsAt: iso(now + H), repeatUnit: null, statusPageVisibility: visibility }), 201, MaintenanceWindow, "MaintenanceWindow");
      const [occ] = await list(t, w.id);
      return { w, occ };
    };
    const auto = await started({});
    expect(auto.occ.status).toBe("IN_PROGRESS");
    expect(answer(await t.api.get(`/v1/maintenance-windows/${auto.w.id}/maintenances/${auto.occ.id}`), 200, Maintenance, "Maintenance").status).toBe("IN_PROGRESS");
    // Moved to have ended a minute ago: autoEnd completes it.
    const ended = answer(await t.api.patch(`/v1/maintenance-windows/${auto.w.id}/maintenances/${auto.occ.id}`, { endsAt: iso(now - 60_000) }), 200, Maintenance, "Maintenance");
    expect(ended.status).toBe("COMPLETED");
    // Completed by the clock is completed: no update moves it back, and it cannot be skipped.
    const before = await snapshot(t);
    expectError(await t.api.post(`/v1/maintenance-windows/${auto.w.id}/maintenances/${auto.occ.id}/updates`, { status: "IN_PROGRESS", description: "Back on" }), 400, "status");
    expect((await t.api.delete(`/v1/maintenance-windows/${auto.w.id}/maintenances/${auto.occ.id}`)).status).toBe(409);
    expect(await snapshot(t)).toBe(before);

    const manual = await started({ autoStart: false });
    expect(manual.occ.status).toBe("SCHEDULED");
    // No scheduler ran: every answer above read through the clock, the rows are as they were written.
    const stored = await t.db.selectFrom("maintenance_occurrences").select("status").where("id", "in", [auto.occ.id, manual.occ.id]).execute();
    expect(stored.map((r) => r.status)).toEqual(["SCHEDULED", "SCHEDULED"]);
  });

  it("moves one occurrence, skips another and posts updates IN_PROGRESS → COMPLETED, recording the actor", async () => {
    const t = await tenant();
    const w = await weeklyBerlin(t);
    const base = `/v1/maintenance-windows/${w.id}/maintenances`;
    const [o0, o1, o2, o3] = await list(t, w.id, "?limit=5");

    // Move o1 an hour later: only o1 changes; the move is recorded as an update with the previous times.
    const newStart = new Date(Date.parse(o1.startsAt) + H).toISOString();
    const newEnd = new Date(Date.parse(o1.endsAt) + H).toISOString();
    const moved = answer(await t.api.patch(`${base}/${o1.id}`, { startsAt: newStart, endsAt: newEnd }), 200, Maintenance, "Maintenance");
    expect(moved).toMatchObject({ id: o1.id, startsAt: newStart, endsAt: newEnd, status: "SCHEDULED" });
    expect(moved.updates).toHaveLength(1);
    expect(moved.updates[0]).toMatchObject({ previousStartsAt: o1.startsAt, previousEndsAt: o1.endsAt, dateAdjustments: { startsAt: newStart, endsAt: newEnd }, previousStatus: "SCHEDULED" });
    // Only endsAt: the start stays.
    const longer = answer(await t.api.patch(`${base}/${o1.id}`, { endsAt: new Date(Date.parse(newEnd) + H).toISOString() }), 200, Maintenance, "Maintenance");
    expect(longer.startsAt).toBe(newStart);
    expect(longer.updates[0].dateAdjustments).toEqual({ endsAt: longer.endsAt });

    // Skip o2: 204, CANCELLED, no longer listed; skipping again is harmless.
    const skip = await t.api.delete(`${base}/${o2.id}`);
    expect(skip.status).toBe(204);
    expect(skip.text).toBe("");
    expect((await t.api.delete(`${base}/${o2.id}`)).status).toBe(204);
    const skipped = answer(await t.api.get(`${base}/${o2.id}`), 200, Maintenance, "Maintenance");
    expect(skipped.status).toBe("CANCELLED");
    expect(skipped.updates).toHaveLength(1);
    const after = await list(t, w.id, "?limit=5");
    expect(after.map((m) => m.id)).not.toContain(o2.id);
    expect(after.map((m) => m.id).slice(0, 3)).toEqual([o0.id, o1.id, o3.id]);
    expect(after).toHaveLength(5);

    // Updates: IN_PROGRESS, then COMPLETED; each sets the occurrence's status and remembers the previous one.
    const started = answer(await t.api.post(`${base}/${o0.id}/updates`, { status: "IN_PROGRESS", description: "Started", notifySubscribers: true }), 201, MaintenanceStatusUpdate, "MaintenanceStatusUpdate");
    expect(started).toMatchObject({ maintenanceWindowId: w.id, maintenanceId: o0.id, status: "IN_PROGRESS", previousStatus: "SCHEDULED", notifySubscribers: true, dateAdjustments: null, previousStartsAt: null });
    expect(answer(await t.api.get(`${base}/${o0.id}`), 200, Maintenance, "Maintenance").status).toBe("IN_PROGRESS");
    const done = answer(await t.api.post(`${base}/${o0.id}/updates`, { status: "COMPLETED", description: "All done" }), 201, MaintenanceStatusUpdate, "MaintenanceStatusUpdate");
    expect(done).toMatchObject({ status: "COMPLETED", previousStatus: "IN_PROGRESS", notifySubscribers: false });
    const note = answer(await t.api.post(`${base}/${o0.id}/updates`, { status: "COMPLETED", description: "Post-mortem linked" }), 201, MaintenanceStatusUpdate, "MaintenanceStatusUpdate");
    const o0now = answer(await t.api.get(`${base}/${o0.id}`), 200, Maintenance, "Maintenance");
    expect(o0now.status).toBe("COMPLETED");
    expect(o0now.updates.map((u) => u.id)).toEqual([note.id, done.id, started.id]);

    // PUT: an omitted status keeps the stored one.
    const edited = answer(await t.api.put(`${base}/${o0.id}/updates/${started.id}`, { description: "Started early" }), 200, MaintenanceStatusUpdate, "MaintenanceStatusUpdate");
    expect(edited).toMatchObject({ id: started.id, status: "IN_PROGRESS", description: "Started early", notifySubscribers: true });
    const verifying = answer(await t.api.put(`${base}/${o0.id}/updates/${started.id}`, { status: "VERIFYING", notifySubscribers: false }), 200, MaintenanceStatusUpdate, "MaintenanceStatusUpdate");
    expect(verifying).toMatchObject({ status: "VERIFYING", description: "Started early", notifySubscribers: false });
    expect(answer(await t.api.get(`${base}/${o0.id}`), 200, Maintenance, "Maintenance").updates[1].previousStatus).toBe("VERIFYING");

    // DELETE updates: the status falls back to the latest remaining update (SCHEDULED when none is left).
    for (const u of [note, done]) expect((await t.api.delete(`${base}/${o0.id}/updates/${u.id}`)).status).toBe(204);
    expect(answer(await t.api.get(`${base}/${o0.id}`), 200, Maintenance, "Maintenance")).toMatchObject({ status: "VERIFYING", updates: [{ id: started.id }] });
    expect((await t.api.delete(`${base}/${o0.id}/updates/${started.id}`)).status).toBe(204);
    expect(answer(await t.api.get(`${base}/${o0.id}`), 200, Maintenance, "Maintenance")).toMatchObject({ status: "SCHEDULED", updates: [] });
    expectError(await t.api.delete(`${base}/${o0.id}/updates/${started.id}`), 404);

    const actors = await t.db.selectFrom("maintenance_updates").select(["actor_type", "actor_id"]).execute();
    expect(actors.length).toBeGreaterThan(0);
    expect(actors.every((a) => a.actor_type === "API_KEY" && typeof a.actor_id === "string")).toBe(true);
  });

  it("refuses every bad input with a 400 naming the field (404 for unknown ids) and changes nothing", async () => {
    const t = await tenant();
    const other = await tenant("Other");
    const w = await weeklyBerlin(t);
    const w2 = await weeklyBerlin(t, { name: "Second" });
    const base = `/v1/maintenance-windows/${w.id}/maintenances`;
    const [o0, o1, o2, o3] = await list(t, w.id, "?limit=4");
    const [x0] = await list(t, w2.id, "?limit=1");
    await t.api.post(`${base}/${o0.id}/updates`, { status: "COMPLETED", description: "Done early" });
    await t.api.delete(`${base}/${o1.id}`);
    const upd = (await t.api.post(`${base}/${o2.id}/updates`, { status: "IN_PROGRESS", description: "Go" })).body;
    const before = await snapshot(t);
    const iso = (ms: number) => new Date(ms).toISOString();
    const s3 = Date.parse(o3.startsAt);

    // Moves
    expectError(await t.api.patch(`${base}/${o3.id}`, { startsAt: iso(s3 + H), endsAt: iso(s3) }), 400, "endsAt");
    expectError(await t.api.patch(`${base}/${o3.id}`, { endsAt: iso(s3 - H) }), 400, "endsAt");
    expectError(await t.api.patch(`${base}/${o3.id}`, { startsAt: iso(s3 + 3 * H) }), 400, "startsAt");
    expectError(await t.api.patch(`${base}/${o3.id}`, { startsAt: o2.startsAt, endsAt: o2.endsAt }), 400, "startsAt");
    expectError(await t.api.patch(`${base}/${o3.id}`, { startsAt: iso(Date.parse(o2.endsAt) - H), endsAt: iso(Date.parse(o2.endsAt) + H) }), 400, "endsAt");
    // Onto a later rule occurrence nobody has listed yet: refused too (and not materialised by the refusal).
    const later = s3 + 20 * 7 * 24 * H;
    expectError(await t.api.patch(`${base}/${o3.id}`, { startsAt: iso(later), endsAt: iso(later + 2 * H) }), 400, "startsAt");
    expectError(await t.api.patch(`${base}/${o3.id}`, { startsAt: "tomorrow" }), 400, "startsAt");
    expectError(await t.api.patch(`${base}/${o3.id}`, { status: "CANCELLED" }), 400, "status");

    // Updates
    expectError(await t.api.post(`${base}/${o3.id}/updates`, { description: "No status" }), 400, "status");
    expectError(await t.api.post(`${base}/${o3.id}/updates`, { status: "DONE", description: "x" }), 400, "status");
    expectError(await t.api.post(`${base}/${o3.id}/updates`, { status: "IN_PROGRESS" }), 400, "description");
    expectError(await t.api.post(`${base}/${o3.id}/updates`, { status: "IN_PROGRESS", description: "x".repeat(2001) }), 400, "description");
    expectError(await t.api.post(`${base}/${o3.id}/updates`, { status: "IN_PROGRESS", description: "x", notifySubscribers: "yes" }), 400, "notifySubscribers");
    expectError(await t.api.post(`${base}/${o0.id}/updates`, { status: "IN_PROGRESS", description: "Reopen" }), 400, "status");
    expectError(await t.api.post(`${base}/${o0.id}/updates`, { status: "CANCELLED", description: "Skip" }), 400, "status");
    expectError(await t.api.post(`${base}/${o1.id}/updates`, { status: "SCHEDULED", description: "Unskip" }), 400, "status");
    expectError(await t.api.put(`${base}/${o2.id}/updates/${upd.id}`, { description: "" }), 400, "description");
    expectError(await t.api.put(`${base}/${o2.id}/updates/${upd.id}`, { status: "PAUSED" }), 400, "status");
    expectError(await t.api.delete(`${base}/${o0.id}`), 409);

    // Ids: malformed 400, unknown or another window's or account's 404.
    expectError(await t.api.get(`${base}/not-a-uuid`), 400, "maintenanceId");
    expectError(await t.api.put(`${base}/${o2.id}/updates/nope`, { description: "x" }), 400, "updateId");
    expectError(await t.api.get(`${base}/00000000-0000-4000-8000-000000000000`), 404);
    expectError(await t.api.get(`${base}/${x0.id}`), 404);
    expectError(await t.api.put(`${base}/${o3.id}/updates/${upd.id}`, { description: "x" }), 404);
    expectError(await t.api.delete(`${base}/${o3.id}/updates/00000000-0000-4000-8000-000000000000`), 404);
    expectError(await t.api.get(`/v1/maintenance-windows/abc/maintenances`), 400, "id");
    for (const qs of ["?limit=0", "?limit=51", "?limit=x"]) expectError(await t.api.get(`${base}${qs}`), 400, "limit");
    for (const qs of ["?page=0", "?page=-1"]) expectError(await t.api.get(`${base}${qs}`), 400, "page");

    const foreign = `/v1/maintenance-windows/${w.id}/maintenances`;
    expectError(await other.api.get(foreign), 404);
    expectError(await other.api.get(`${foreign}/${o3.id}`), 404);
    expectError(await other.api.patch(`${foreign}/${o3.id}`, { endsAt: iso(s3 + 3 * H) }), 404);
    expectError(await other.api.delete(`${foreign}/${o3.id}`), 404);
    expectError(await other.api.post(`${foreign}/${o3.id}/updates`, { status: "IN_PROGRESS", description: "x" }), 404);
    expectError(await other.api.put(`${foreign}/${o2.id}/updates/${upd.id}`, { description: "x" }), 404);
    expectError(await other.api.delete(`${foreign}/${o2.id}/updates/${upd.id}`), 404);

    expect(await snapshot(t)).toBe(before);
  });

  it("regenerates untouched occurrences when the window's times change, keeping those operators touched", async () => {
    const t = await tenant();
    const w = await weeklyBerlin(t);
    const base = `/v1/maintenance-windows/${w.id}/maintenances`;
    const [o0, o1] = await list(t, w.id, "?limit=3");
    await t.api.post(`${base}/${o0.id}/updates`, { status: "IN_PROGRESS", description: "Started" });
    const start = local(w.startsAt).plus({ hours: 1 });
    answer(await t.api.put(`/v1/maintenance-windows/${w.id}`, { startsAt: start.toISO(), endsAt: start.plus({ hours: 2 }).toISO() }), 200, MaintenanceWindow, "MaintenanceWindow");
    const after = await list(t, w.id, "?limit=3");
    expect(after[0]).toMatchObject({ id: o0.id, startsAt: o0.startsAt, status: "IN_PROGRESS" });
    expect(after.slice(1).map((m) => local(m.startsAt).toFormat("ccc HH:mm"))).toEqual(["Mon 03:00", "Mon 03:00"]);
    expect(after.map((m) => m.id)).not.toContain(o1.id);
    expectError(await t.api.get(`${base}/${o1.id}`), 404);
    // Deleting the window deletes its occurrences and updates.
    expect((await t.api.delete(`/v1/maintenance-windows/${w.id}`)).status).toBe(204);
    expect(await t.db.selectFrom("maintenance_occurrences").selectAll().where("window_id", "=", w.id).execute()).toEqual([]);
    expect(await t.db.selectFrom("maintenance_updates").selectAll().where("window_id", "=", w.id).execute()).toEqual([]);
  });

  // SQLite write transactions are serial (BEGIN IMMEDIATE): the interleaving exists only on PostgreSQL.
  it.runIf(STORE === "postgres")("a list racing a change of the window's times leaves no occurrence of the old rule", async () => {
    const t = await tenant();
    const w = await weeklyBerlin(t);
    const shift = local(w.startsAt).plus({ hours: 1 }).toMillis() - Date.parse(w.startsAt);
    let release!: () => void;
    let changed!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const isChanged = new Promise<void>((r) => (changed = r));
    // The window's PUT, held open after it wrote the new times and deleted the untouched rows (as updateWindow does).
    const edit = t.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom("maintenance_windows").select(["starts_at", "ends_at"]).where("id", "=", w.id).executeTakeFirstOrThrow();
      await trx.updateTable("maintenance_windows").set({ starts_at: Number(row.starts_at) + shift, ends_at: Number(row.ends_at) + shift, updated_at: Date.now() }).where("id", "=", w.id).execute();
      await trx.deleteFrom("maintenance_occurrences").where("window_id", "=", w.id).execute();
      changed();
      await held;
    });
    await isChanged;
    let settled = false;
    const listing = list(t, w.id, "?limit=3").finally(() => (settled = true));
    // Until the list has answered (reading the old rule) or waits for the window's row (to read the new one).
    for (let i = 0; !settled; i++) {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%"maintenance_windows"%'`.execute(t.db);
      if (rows[0].n > 0) break;
      if (i > 500) throw new Error("the list neither answered nor waited");
      await new Promise((r) => setTimeout(r, 10));
    }
    release();
    await edit;
    await listing;
    const rows = await t.db.selectFrom("maintenance_occurrences").select("starts_at").where("window_id", "=", w.id).execute();
    expect(rows.length).toBeGreaterThan(0);
    expect([...new Set(rows.map((r) => DateTime.fromMillis(Number(r.starts_at), { zone: ZONE }).toFormat("ccc HH:mm")))]).toEqual(["Mon 03:00"]);
  });

  it("bumps the cache tag of every page the window shows on, for every write", async () => {
    const t = await tenant();
    const ids = await seed(t);
    const gen = () => getGenerations().latest([pageTag(ids.page.id)]);
    const base = `/v1/maintenance-windows/${ids.window.id}/maintenances`;
    const [occ] = await list(t, ids.window.id);
    let updateId = "";
    const writes: [string, () => Promise<ApiResponse>][] = [
      ["move", () => t.api.patch(`${base}/${occ.id}`, { endsAt: new Date(Date.parse(occ.endsAt) + H).toISOString() })],
      ["post an update", async () => {
        const res = await t.api.post(`${base}/${occ.id}/updates`, { status: "IN_PROGRESS", description: "Started" });
        updateId = res.body.id;
        return res;
      }],
      ["edit an update", () => t.api.put(`${base}/${occ.id}/updates/${updateId}`, { description: "Started!" })],
      ["delete an update", () => t.api.delete(`${base}/${occ.id}/updates/${updateId}`)],
      ["skip", () => t.api.delete(`${base}/${occ.id}`)],
    ];
    for (const [what, write] of writes) {
      const before = gen();
      const res = await write();
      expect(res.status, `${what}: ${res.text}`).toBeLessThan(300);
      expect(gen(), what).toBeGreaterThan(before);
    }
  });
});
