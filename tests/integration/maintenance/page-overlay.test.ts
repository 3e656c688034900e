/**
 * What operators change on one occurrence shows on the public side: a skipped occurrence leaves the page
 * (and its JSON, which read the same snapshot), a moved one shows at its new times; the others follow the rule.
 */
import { describe, expect, it } from "vitest";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { findPageById } from "@/lib/status-pages/queries";
import { slug, tenant } from "../api/fixtures";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe(`maintenance occurrences on the page (${process.env.HELIOGRAPH_TEST_STORE})`, () => {
  it("drops a skipped occurrence and shows a moved one at its new times", async () => {
    const t = await tenant("overlay");
    const service = (await t.api.post("/v1/status-pages/services", { name: "API" })).body;
    const page = (await t.api.post("/v1/status-pages", { name: "Overlay", url: slug("overlay"), cards: [{ name: "Core", services: [{ id: service.id }] }] })).body;
    const first = Math.ceil((Date.now() + DAY) / HOUR) * HOUR;
    const win = await t.api.post("/v1/maintenance-windows", {
      name: "Daily restart",
      startsAt: new Date(first).toISOString(),
      endsAt: new Date(first + HOUR).toISOString(),
      repeatUnit: "DAY",
      repeatInterval: 1,
      timezone: "UTC",
      statusPageVisibility: { enabled: true, statusPageIds: [page.id], serviceIds: [service.id] },
    });
    expect(win.status, win.text).toBe(201);
    const base = `/v1/maintenance-windows/${win.body.id}/maintenances`;
    const occurrences = (await t.api.get(`${base}?limit=3`)).body as { id: string; startsAt: string }[];
    expect(occurrences.map((o) => Date.parse(o.startsAt))).toEqual([first, first + DAY, first + 2 * DAY]);

    expect((await t.api.delete(`${base}/${occurrences[0].id}`)).status).toBe(204);
    const moved = { startsAt: new Date(first + DAY + 3 * HOUR).toISOString(), endsAt: new Date(first + DAY + 5 * HOUR).toISOString() };
    const patch = await t.api.patch(`${base}/${occurrences[1].id}`, moved);
    expect(patch.status, patch.text).toBe(200);

    const snap = await loadPageSnapshot(t.db, (await findPageById(t.db, page.id))!);
    const starts = snap.maintenance.filter((m) => m.id === win.body.id).map((m) => [m.startsAt, m.endsAt]);
    expect(starts).not.toContainEqual([first, first + HOUR]);
    expect(starts).toContainEqual([Date.parse(moved.startsAt), Date.parse(moved.endsAt)]);
    expect(starts).not.toContainEqual([first + DAY, first + DAY + HOUR]);
    expect(starts).toContainEqual([first + 2 * DAY, first + 2 * DAY + HOUR]);
  });
});
