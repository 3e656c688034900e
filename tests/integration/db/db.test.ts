import { describe, expect, it } from "vitest";
import { migrate, dialectOf } from "@/lib/db";
import { testDb, newAccount } from "../../setup/db";
import { seedDemo } from "@/lib/demo/seed";
import { createPage } from "@/lib/status-pages/service";
import { createService, deleteService } from "@/lib/services/service";
import { createIncident, addIncidentUpdate, getIncidentView, deleteIncidentUpdate } from "@/lib/incidents/service";
import { createWindow, deleteWindow } from "@/lib/maintenance/service";
import { ConflictError, NotFoundError } from "@/lib/errors";
import { authenticateApiKey } from "@/lib/api-keys/service";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { getGenerations } from "@/lib/cache/generations";
import { pageTag } from "@/lib/cache/tags";

describe(`the database on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("runs on the configured store, and a second migration run does nothing", async () => {
    const db = await testDb();
    expect(dialectOf(db)).toBe(process.env.HELIOGRAPH_TEST_STORE);
    expect(await migrate(db)).toEqual([]);
  });

  it("seeds the demo once, with a working key and a page that derives a partial outage", async () => {
    const db = await testDb();
    const seeded = await seedDemo(db);
    expect(seeded).not.toBeNull();
    expect(await seedDemo(db)).toBeNull();
    expect((await authenticateApiKey(db, seeded!.apiKey))?.account_id).toBe(seeded!.accountId);
    expect(await authenticateApiKey(db, seeded!.apiKey + "x")).toBeNull();
    const page = await findPageBySlug(db, "acme");
    const snap = await loadPageSnapshot(db, page!);
    expect(snap.entries.map((e) => [e.kind, e.children.length])).toEqual([["group", 4], ["group", 3], ["group", 3]]);
    expect(snap.status).toBe("PARTIAL_OUTAGE");
    expect(snap.incidents.filter((i) => i.incident.resolved_at === null)).toHaveLength(1);
    expect(snap.incidents.filter((i) => i.incident.resolved_at !== null).length).toBeGreaterThanOrEqual(12);
    expect(snap.maintenance).toHaveLength(1);
    const analytics = snap.entries[1].children.find((s) => s.name === "Analytics pipeline")!;
    expect(analytics.days[0].uptime).toBeNull();
    expect(analytics.days).toHaveLength(90);

    // The second demo page is a v3 page: groups of its own components, one in partial outage.
    const payments = (await findPageBySlug(db, "acme-payments"))!;
    expect(payments.version).toBe(3);
    const v3 = await loadPageSnapshot(db, payments);
    expect(v3.entries.map((e) => `${e.kind}:${e.name}:${e.children.length}`)).toEqual(["group:Payments API:3", "group:Merchant dashboard:2", "component:Checkout widget:0"]);
    expect(v3.status).toBe("PARTIAL_OUTAGE");
    expect(v3.entries[0].status).toBe("PARTIAL_OUTAGE");
    expect(v3.components.find((c) => c.name === "Payouts")!.status).toBe("PARTIAL_OUTAGE");
    expect(v3.components.find((c) => c.name === "Refunds")!.status).toBe("OPERATIONAL");
    const open = v3.incidents.filter((i) => i.incident.resolved_at === null);
    expect(open.map((i) => i.components)).toEqual([[{ id: expect.any(String), name: "Payouts", status: "PARTIAL_OUTAGE" }]]);
    expect(v3.incidents.length).toBe(4);
    // Six days ago card processing was down for 25 minutes: that day's bar says so.
    const card = v3.components.find((c) => c.name === "Card processing")!;
    expect(card.days.some((d) => d.worst === "MAJOR_OUTAGE" && d.downtimeMinutes === 25)).toBe(true);
  });

  it("maps a duplicate slug to ConflictError and leaves nothing half-written", async () => {
    const { db, accountId } = await newAccount();
    const svc = await createService(db, accountId, { name: "API" });
    const slug = `dup-${Date.now()}`;
    await createPage(db, accountId, { name: "One", url: slug, cards: [{ name: "c", services: [{ id: svc.id }] }] });
    await expect(createPage(db, accountId, { name: "Two", url: slug, cards: [{ name: "c", services: [{ id: svc.id }] }] })).rejects.toBeInstanceOf(ConflictError);
    const cards = await db.selectFrom("cards").innerJoin("status_pages", "status_pages.id", "cards.status_page_id").where("status_pages.account_id", "=", accountId).select("cards.id").execute();
    expect(cards).toHaveLength(1);
  });

  it("rolls back a page whose card names another account's service", async () => {
    const a = await newAccount("A");
    const b = await newAccount("B");
    const foreign = await createService(b.db, b.accountId, { name: "B's" });
    await expect(createPage(a.db, a.accountId, { name: "P", url: `p-${Date.now()}`, cards: [{ name: "c", services: [{ id: foreign.id }] }] })).rejects.toBeInstanceOf(NotFoundError);
    expect(await a.db.selectFrom("status_pages").where("account_id", "=", a.accountId).selectAll().execute()).toHaveLength(0);
  });

  it("derives incident state from updates: resolve, reopen, keep one update, block service delete, bump page tags", async () => {
    const { db, accountId } = await newAccount();
    const svc = await createService(db, accountId, { name: "API" });
    const page = await createPage(db, accountId, { name: "P", url: `inc-${Date.now()}`, cards: [{ name: "c", services: [{ id: svc.id }] }] });
    const before = getGenerations().latest([pageTag(page.id)]);
    const created = await createIncident(db, accountId, { name: "Down", severity: "MAJOR", serviceIds: [svc.id], update: { description: "Looking" } });
    expect(getGenerations().latest([pageTag(page.id)])).toBeGreaterThan(before);
    expect(created.incident.last_update_status).toBe("INVESTIGATING");
    await expect(deleteService(db, accountId, svc.id)).rejects.toBeInstanceOf(ConflictError);
    const resolved = await addIncidentUpdate(db, accountId, created.incident.id, { description: "Fixed", status: "RESOLVED" });
    let view = await getIncidentView(db, accountId, created.incident.id);
    expect(view.incident.resolved_at).not.toBeNull();
    expect(view.updates[0].id).toBe(resolved.id);
    await addIncidentUpdate(db, accountId, created.incident.id, { description: "Back again", status: "INVESTIGATING" });
    view = await getIncidentView(db, accountId, created.incident.id);
    expect(view.incident.resolved_at).toBeNull();
    expect(view.updates).toHaveLength(3);
    const only = await createIncident(db, accountId, { name: "x", severity: "MINOR", serviceIds: [svc.id], update: { description: "y" } });
    await expect(deleteIncidentUpdate(db, accountId, only.incident.id, only.updates[0].id)).rejects.toBeInstanceOf(ConflictError);
  });

  it("never reuses a maintenance window id after a delete", async () => {
    const { db, accountId } = await newAccount();
    const w1 = await createWindow(db, accountId, { name: "a", startsAt: 1, endsAt: 2, repeatUnit: null });
    await deleteWindow(db, accountId, w1.id);
    const w2 = await createWindow(db, accountId, { name: "b", startsAt: 1, endsAt: 2, repeatUnit: null });
    expect(w2.id).toBeGreaterThan(w1.id);
  });
});
