/**
 * Kept group days (lib/uptime/daily.ts): a group of eight components or more re-read by the lean read
 * takes its past days from what it summed before. It must still equal the full read after a re-read, and after a
 * write that changes one component's past day.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { addIncidentUpdate, createIncident } from "@/lib/incidents/service";
import { loadRecentSnapshot } from "@/lib/public-page/load";
import { createService } from "@/lib/services/service";
import { createPage } from "@/lib/status-pages/service";
import { newAccount } from "../../setup/db";
import { D, H, expectLeanMatchesFull, pageRow } from "./fixtures";

const T = Date.now();

describe(`kept group days on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("a group of nine: the same days as the full read when re-read, and after a write to one component's past", async () => {
    const { db, accountId } = await newAccount();
    const services = [];
    for (let i = 0; i < 9; i++) services.push(await createService(db, accountId, { name: `Service ${i + 1}` }));
    const ids = services.map((s) => s.id);
    await db.updateTable("services").set({ created_at: T - 200 * D }).where("id", "in", ids).execute();
    const page = await createPage(db, accountId, { name: "Nine", url: `g9-${randomUUID().slice(0, 8)}`, timezone: "Europe/Berlin", cards: [{ name: "All", services: ids.map((id) => ({ id })) }] });
    const incident = async (serviceIds: string[], from: number, hours: number) => {
      const { incident: row } = await createIncident(db, accountId, { name: "Outage", severity: "MAJOR", serviceIds, update: { description: "Down", publicIncidentUpdateDate: from } });
      await addIncidentUpdate(db, accountId, row.id, { description: "Up", status: "RESOLVED", publicIncidentUpdateDate: from + hours * H });
    };
    await incident([ids[0]], T - 20 * D, 3);
    await incident([ids[3], ids[4]], T - 12 * D, 5);
    await incident([ids[8]], T - 5 * D, 1);

    // The first read stores the strips, the second decodes them, the third finds them decoded (the same day
    // objects) and with them the group's days it summed in the second.
    const first = await expectLeanMatchesFull(db, page.id, T);
    const second = await expectLeanMatchesFull(db, page.id, T);
    const third = await expectLeanMatchesFull(db, page.id, T);
    const group = (s: typeof first.lean) => s.entries[0].days;
    const outageDays = group(second.lean).flatMap((d, i) => (d.incidentIds.length > 0 && i < group(second.lean).length - 1 ? [i] : []));
    expect(outageDays.length).toBeGreaterThanOrEqual(3);
    for (const i of outageDays) expect(group(third.lean)[i]).toBe(group(second.lean)[i]);

    // A write on one component's past day: another component down on the same day as two others were.
    await incident([ids[6]], T - 12 * D, 2);
    const after = await expectLeanMatchesFull(db, page.id, T);
    const day12 = group(after.full).findIndex((d) => d.incidentIds.length === 2);
    expect(day12).toBeGreaterThan(0);
    expect(group(after.lean)[day12]).toEqual(group(after.full)[day12]);
    expect(group(after.lean)[day12]).not.toEqual(group(first.lean)[day12]);
    expect((await loadRecentSnapshot(db, await pageRow(db, page.id), T)).entries[0].days).toEqual(group(after.full));
  });
});
