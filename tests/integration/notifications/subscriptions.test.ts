import { describe, expect, it } from "vitest";
import { bulkCreateSubscriptions, deleteSubscription, listSubscriptions } from "@/lib/subscriptions/service";
import { serializeSubscription } from "@/lib/subscriptions/serialize";
import { NotFoundError, ValidationError } from "@/lib/errors";
import { newAccount } from "../../setup/db";
import { loopbackGuard, pageWithServices } from "./fixtures";

describe(`subscriptions API verbs on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("bulk-creates, skips duplicates, lists and deletes", async () => {
    const { db, accountId, page } = await pageWithServices("subs-bulk");
    const r = await bulkCreateSubscriptions(db, accountId, page.id, {
      subscriptions: [
        { type: "EMAIL", config: "Ops@Example.com" },
        { type: "EMAIL", config: "ops@example.com" },
        { type: "SMS", config: "+1 (415) 555-0123" },
        { type: "WEBHOOK", config: "http://127.0.0.1:9/hook" },
      ],
    }, loopbackGuard());
    expect(r).toEqual({ created: 3, skipped: 1, status: "PENDING" });
    const again = await bulkCreateSubscriptions(db, accountId, page.id, { subscriptions: [{ type: "EMAIL", config: "ops@example.com" }], autoVerify: true });
    expect(again).toEqual({ created: 0, skipped: 1, status: "VERIFIED" });

    const list = (await listSubscriptions(db, accountId, page.id)).map(serializeSubscription);
    expect(list.map((s) => [s.type, s.address, s.status, s.services])).toEqual([
      ["EMAIL", "ops@example.com", "PENDING", null],
      ["SMS", "+14155550123", "PENDING", null],
      ["WEBHOOK", "http://127.0.0.1:9/hook", "PENDING", null],
    ]);
    expect(list[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // every new subscriber got its confirmation queued in the same transaction
    const queued = await db.selectFrom("notification_deliveries").innerJoin("subscribers", "subscribers.id", "notification_deliveries.subscriber_id").where("subscribers.status_page_id", "=", page.id).select(["subscriber_id", "event_type"]).execute();
    expect(queued.filter((d) => d.event_type === "subscription.verify")).toHaveLength(3);

    await deleteSubscription(db, accountId, page.id, list[0].id);
    expect(await listSubscriptions(db, accountId, page.id)).toHaveLength(2);
    await expect(deleteSubscription(db, accountId, page.id, list[0].id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteSubscription(db, accountId, page.id, "not-a-uuid")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("autoVerify skips the confirmation", async () => {
    const { db, accountId, page } = await pageWithServices("subs-auto");
    const r = await bulkCreateSubscriptions(db, accountId, page.id, { subscriptions: [{ type: "EMAIL", config: "a@example.com" }], autoVerify: true });
    expect(r).toEqual({ created: 1, skipped: 0, status: "VERIFIED" });
    expect((await listSubscriptions(db, accountId, page.id))[0].status).toBe("VERIFIED");
    const rows = await db.selectFrom("notification_deliveries").innerJoin("subscribers", "subscribers.id", "notification_deliveries.subscriber_id").where("subscribers.status_page_id", "=", page.id).select("notification_deliveries.id").execute();
    expect(rows).toHaveLength(0);
  });

  it("rejects bad addresses with their field paths, and hostile URLs", async () => {
    const { db, accountId, page } = await pageWithServices("subs-bad");
    const err = await bulkCreateSubscriptions(db, accountId, page.id, {
      subscriptions: [
        { type: "EMAIL", config: "not-an-email" },
        { type: "SMS", config: "12345" },
        { type: "WEBHOOK", config: "http://169.254.169.254/latest/meta-data" },
        { type: "EMAIL", config: "fine@example.com" },
      ],
    }).catch((e) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.attributes.fields).toEqual(["subscriptions.0.config", "subscriptions.1.config", "subscriptions.2.config"]);
    expect(await listSubscriptions(db, accountId, page.id)).toHaveLength(0);
    await expect(bulkCreateSubscriptions(db, accountId, page.id, { subscriptions: [] })).rejects.toBeInstanceOf(ValidationError);
  });

  it("scopes by account: another account's page is not found", async () => {
    const { page } = await pageWithServices("subs-scope");
    const other = await newAccount("other");
    await expect(listSubscriptions(other.db, other.accountId, page.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(bulkCreateSubscriptions(other.db, other.accountId, page.id, { subscriptions: [{ type: "EMAIL", config: "x@example.com" }] })).rejects.toBeInstanceOf(NotFoundError);
  });
});
