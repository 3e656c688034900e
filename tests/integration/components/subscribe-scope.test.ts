/**
 * The public sign-up and manage forms of a v3 page offer its groups and components: a ticked group is stored
 * as a component scope (covering its components), the manage link shows and changes it, and a v1 page keeps
 * scoping by service.
 */
import { describe, expect, it } from "vitest";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { subscribe } from "@/lib/subscriptions/service";
import { getManagedSubscription, updateManagedServices } from "@/lib/subscriptions/self-service";
import { scopeOptions } from "@/lib/subscriptions/scope";
import { subscriptionKeys, signedToken } from "@/lib/subscriptions/crypto";
import { ValidationError } from "@/lib/errors";
import { seedDemo } from "@/lib/demo/seed";
import { testDb } from "../../setup/db";
import { loopbackGuard } from "../notifications/fixtures";

describe("per-component scope on the public forms", () => {
  it("offers groups with their components, stores a ticked group, and manages it", async () => {
    const db = await testDb();
    await seedDemo(db);
    const page = (await findPageBySlug(db, "acme-payments"))!;
    const options = await scopeOptions(db, page);
    expect(options.map((o) => `${o.parentId ? "  " : ""}${o.name}${o.group ? " (group)" : ""}`)).toEqual([
      "Payments API (group)",
      "  Card processing",
      "  Payouts",
      "  Refunds",
      "Merchant dashboard (group)",
      "  Reports",
      "  Team management",
      "Checkout widget",
    ]);
    const group = options.find((o) => o.name === "Payments API")!;
    const widget = options.find((o) => o.name === "Checkout widget")!;

    await subscribe(db, page, { type: "EMAIL", address: "scoped@example.com", services: [group.id, widget.id] }, { client: "198.51.100.31" }, loopbackGuard());
    const sub = await db.selectFrom("subscribers").selectAll().where("status_page_id", "=", page.id).where("target", "=", "scoped@example.com").executeTakeFirstOrThrow();
    const stored = await db.selectFrom("subscriber_components").select("component_id").where("subscriber_id", "=", sub.id).execute();
    expect(stored.map((r) => r.component_id).sort()).toEqual([group.id, widget.id].sort());
    expect(JSON.parse(sub.service_ids!).sort()).toEqual([group.id, widget.id].sort());

    const token = signedToken(await subscriptionKeys(db), "manage", sub.id, sub.token_nonce!, Date.now() + 60_000);
    const managed = (await getManagedSubscription(db, page, token))!;
    expect(managed.chosen?.sort()).toEqual([group.id, widget.id].sort());
    expect(managed.services.map((s) => s.id)).toEqual(options.map((o) => o.id));

    expect(await updateManagedServices(db, page, token, [widget.id])).toBe(true);
    expect((await getManagedSubscription(db, page, token))!.chosen).toEqual([widget.id]);
    // Deleting the only component it follows leaves it following nothing (not everything).
    await db.deleteFrom("components").where("id", "=", widget.id).execute();
    expect((await getManagedSubscription(db, page, token))!.chosen).toEqual([]);
    // Ticking everything is following everything.
    expect(await updateManagedServices(db, page, token, (await scopeOptions(db, page)).map((o) => o.id))).toBe(true);
    expect((await getManagedSubscription(db, page, token))!.chosen).toBeNull();

    // A component of the other demo page is not on offer here.
    const acme = (await findPageBySlug(db, "acme"))!;
    const foreign = (await scopeOptions(db, acme))[0];
    await expect(subscribe(db, page, { type: "EMAIL", address: "x@example.com", services: [foreign.id] }, { client: "198.51.100.32" }, loopbackGuard())).rejects.toBeInstanceOf(ValidationError);
    expect(foreign.group).toBe(false);
  });
});
