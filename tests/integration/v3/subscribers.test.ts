import { describe, expect, it } from "vitest";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { VERIFY_EVENT } from "@/lib/notifications/outbox/status";
import { BulkSubscribersV3Response, SubscribersV3Page } from "@/lib/subscriptions/schema";
import { vendorSchemaErrors } from "../../setup/vendor-schemas";
import type { ApiResponse } from "../api/client";
import { expectError, expectShape, slug, STORE, tenant, type Tenant } from "../api/fixtures";

function expectList(res: ApiResponse) {
  expectShape(res, 200, SubscribersV3Page);
  expect(vendorSchemaErrors("SubscribersV3Paginated", res.body), res.text.slice(0, 400)).toEqual([]);
  for (const e of res.body.entries) expect(vendorSchemaErrors("SubscriberV3", e)).toEqual([]);
  return res.body as { length: number; entries: Sub[]; nextId: string | null };
}

function expectBulk(res: ApiResponse) {
  expectShape(res, 201, BulkSubscribersV3Response);
  expect(vendorSchemaErrors("BulkSubscribersV3Response", res.body)).toEqual([]);
  return res.body;
}

function expectV3Error(res: ApiResponse, status: number, field?: string) {
  const body = expectError(res, status, field);
  expect(vendorSchemaErrors("Error", body)).toEqual([]);
  return body;
}

type Sub = { id: string; type: string; address: string; status: string; subscribedComponents: string[] | null; created_at: string };

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ["subscribers", "subscriber_components", "subscriber_services", "notification_deliveries", "components"] as const) {
    out[t] = Number((await db.selectFrom(t).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  }
  return out;
}

/** A v3 page with a group holding one service, and a top-level service. */
async function world(t: Tenant) {
  const page = (await t.api.post("/v3/status-pages", { name: "Modern", url: slug("v3") })).body;
  const base = `/v3/status-pages/${page.id}`;
  const group = (await t.api.post(`${base}/components`, { type: "GROUP", name: "Core", displayOrder: 1 })).body;
  const api = (await t.api.post(`${base}/components`, { name: "API", displayOrder: 2, parentId: group.id })).body;
  const web = (await t.api.post(`${base}/components`, { name: "Web", displayOrder: 3 })).body;
  for (const x of [page, group, api, web]) expect(x.id, JSON.stringify(x)).toBeDefined();
  return { page, base, group, api, web };
}

const email = (address: string, subscribedComponents?: unknown) => ({ type: "EMAIL", config: subscribedComponents === undefined ? { address } : { address, subscribedComponents } });

describe(`v3 subscribers (${STORE})`, () => {
  it("bulk creates with component scopes (duplicates skipped), confirms unless autoVerify, lists newest first by status", async () => {
    const t = await tenant();
    const w = await world(t);
    const first = expectBulk(
      await t.api.post(`${w.base}/subscribers/bulk`, {
        subscriptions: [email("Ops@Example.com", [w.web.id, w.group.id.toUpperCase(), w.web.id]), email("ops@example.com"), email("all@example.com", null), email("empty@example.com", [])],
      }),
    );
    expect(first).toEqual({ created: 3, skipped: 1, status: "PENDING" });
    await new Promise((r) => setTimeout(r, 10)); // the next request's subscribers are strictly newer
    const second = expectBulk(await t.api.post(`${w.base}/subscribers/bulk`, { subscriptions: [email("all@example.com", [w.api.id]), email("dev@example.com", [w.api.id])], autoVerify: true }));
    expect(second).toEqual({ created: 1, skipped: 1, status: "VERIFIED" });

    const list = expectList(await t.api.get(`${w.base}/subscribers`));
    expect(list.entries.map((s) => [s.address, s.status, s.subscribedComponents])).toEqual([
      ["dev@example.com", "VERIFIED", [w.api.id]],
      ["empty@example.com", "PENDING", null],
      ["all@example.com", "PENDING", null],
      // stored once each, answered in the page's display order
      ["ops@example.com", "PENDING", [w.group.id, w.web.id]],
    ]);
    expect(list.entries.every((s) => s.type === "EMAIL")).toBe(true);
    // Pending ones got the confirmation a self-service sign-up gets; the auto-verified one did not.
    const confirmations = await t.db
      .selectFrom("notification_deliveries")
      .innerJoin("subscribers", "subscribers.id", "notification_deliveries.subscriber_id")
      .select("subscribers.target")
      .where("notification_deliveries.event_type", "=", VERIFY_EVENT)
      .where("subscribers.status_page_id", "=", w.page.id)
      .execute();
    expect(confirmations.map((r) => r.target).sort()).toEqual(["all@example.com", "empty@example.com", "ops@example.com"]);

    expect(expectList(await t.api.get(`${w.base}/subscribers?status=VERIFIED`)).entries.map((s) => s.address)).toEqual(["dev@example.com"]);
    expect(expectList(await t.api.get(`${w.base}/subscribers?status=PENDING`)).entries.map((s) => s.address)).toEqual(["empty@example.com", "all@example.com", "ops@example.com"]);
    expectV3Error(await t.api.get(`${w.base}/subscribers?status=GONE`), 400, "status");

    // A component deleted later leaves the subscriber's other components.
    expect((await t.api.delete(`${w.base}/components/${w.web.id}`)).status).toBe(204);
    const ops = expectList(await t.api.get(`${w.base}/subscribers`)).entries.find((s) => s.address === "ops@example.com")!;
    expect(ops.subscribedComponents).toEqual([w.group.id]);
  });

  it("walks the list by cursor, newest first; a cursor of one list is refused by another", async () => {
    const t = await tenant();
    const w = await world(t);
    // One request: its subscribers get strictly increasing creation times.
    expectBulk(await t.api.post(`${w.base}/subscribers/bulk`, { subscriptions: Array.from({ length: 7 }, (_, i) => email(`u${i}@example.com`)), autoVerify: true }));
    const seen: string[] = [];
    let nextId: string | null = null;
    let first: string | null = null;
    do {
      const body = expectList(await t.api.get(`${w.base}/subscribers?limit=3${nextId ? `&nextId=${encodeURIComponent(nextId)}` : ""}`));
      expect(body.length).toBe(body.entries.length);
      seen.push(...body.entries.map((s) => s.address));
      nextId = body.nextId;
      first ??= nextId;
    } while (nextId);
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `u${i}@example.com`));
    expectV3Error(await t.api.get(`${w.base}/subscribers?status=VERIFIED&nextId=${encodeURIComponent(first!)}`), 400, "nextId");
    const other = await world(t);
    expectV3Error(await t.api.get(`${other.base}/subscribers?nextId=${encodeURIComponent(first!)}`), 400, "nextId");
    expectV3Error(await t.api.get(`${w.base}/components?nextId=${encodeURIComponent(first!)}`), 400, "nextId");
  });

  it("refuses bad input with 400 naming the field, and writes nothing", async () => {
    const t = await tenant();
    const w = await world(t);
    const other = await world(t);
    const stranger = await tenant("Stranger");
    const theirs = await world(stranger);
    const before = await counts(t.db);
    const tooMany = Array.from({ length: 201 }, () => newId());
    const cases: [unknown, string][] = [
      [{ subscriptions: [email("a@example.com", tooMany)] }, "subscriptions.0.config.subscribedComponents"],
      [{ subscriptions: [email("a@example.com", [w.api.id, newId()])] }, "subscriptions.0.config.subscribedComponents.1"],
      [{ subscriptions: [email("a@example.com"), email("b@example.com", [other.web.id])] }, "subscriptions.1.config.subscribedComponents.0"],
      [{ subscriptions: [email("a@example.com", [theirs.web.id])] }, "subscriptions.0.config.subscribedComponents.0"],
      [{ subscriptions: [email("a@example.com", ["not-a-uuid"])] }, "subscriptions.0.config.subscribedComponents.0"],
      [{ subscriptions: [email("a@example.com", w.api.id)] }, "subscriptions.0.config.subscribedComponents"],
      [{ subscriptions: [email("not an address")] }, "subscriptions.0.config.address"],
      [{ subscriptions: [email("")] }, "subscriptions.0.config.address"],
      [{ subscriptions: [{ type: "SMS", config: { address: "+14155550100" } }] }, "subscriptions.0.type"],
      [{ subscriptions: [{ type: "EMAIL", config: "a@example.com" }] }, "subscriptions.0.config"],
      [{ subscriptions: [{ type: "EMAIL", config: { address: "a@example.com", services: [] } }] }, "subscriptions.0.config.services"],
      [{ subscriptions: [] }, "subscriptions"],
      [{ subscriptions: Array.from({ length: 101 }, (_, i) => email(`u${i}@example.com`)) }, "subscriptions"],
      [{ subscriptions: [email("a@example.com")], autoVerify: "yes" }, "autoVerify"],
      [{ subscriptions: [email("a@example.com")], extra: 1 }, "extra"],
      [{}, "subscriptions"],
    ];
    for (const [body, field] of cases) expectV3Error(await t.api.post(`${w.base}/subscribers/bulk`, body), 400, field);
    expectV3Error(await t.api.post(`${w.base}/subscribers/bulk`, undefined, { rawBody: "[", headers: { "content-type": "application/json" } }), 400);
    expectV3Error(await t.api.post(`/v3/status-pages/not-a-uuid/subscribers/bulk`, { subscriptions: [email("a@example.com")] }), 400, "statusPageId");
    expectV3Error(await t.api.post(`/v3/status-pages/${newId()}/subscribers/bulk`, { subscriptions: [email("a@example.com")] }), 404);
    expect(await counts(t.db)).toEqual(before);
    // Exactly 200 components (repeats included) is fine.
    const two = Array.from({ length: 200 }, (_, i) => (i % 2 ? w.api.id : w.group.id));
    expect(expectBulk(await t.api.post(`${w.base}/subscribers/bulk`, { subscriptions: [email("max@example.com", two)], autoVerify: true })).created).toBe(1);
  });

  it("deletes a subscriber of the page (204), with its components; others are 404", async () => {
    const t = await tenant();
    const w = await world(t);
    const other = await world(t);
    expectBulk(await t.api.post(`${w.base}/subscribers/bulk`, { subscriptions: [email("a@example.com", [w.api.id]), email("b@example.com")], autoVerify: true }));
    expectBulk(await t.api.post(`${other.base}/subscribers/bulk`, { subscriptions: [email("c@example.com")], autoVerify: true }));
    const [b, a] = expectList(await t.api.get(`${w.base}/subscribers`)).entries;
    const theirs = expectList(await t.api.get(`${other.base}/subscribers`)).entries[0];
    // A webhook subscriber (self-service sign-up) is not part of the v3 API, which knows e-mail only.
    const hook = newId();
    await t.db
      .insertInto("subscribers")
      .values({ id: hook, status_page_id: w.page.id, channel: "WEBHOOK", target: "https://example.com/hook", status: "VERIFIED", service_ids: null, dest_host: "example.com", secret_enc: null, contact_email: null, token_nonce: "n", verify_nonce: null, verify_sent_at: null, verified_at: Date.now(), failing_since: null, disabled_at: null, unsubscribed_at: null, created_at: Date.now() + 1000, updated_at: Date.now() })
      .execute();
    expect(expectList(await t.api.get(`${w.base}/subscribers`)).entries.map((s) => s.address)).toEqual(["b@example.com", "a@example.com"]);

    const del = await t.api.delete(`${w.base}/subscribers/${a.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe("");
    expect(await t.db.selectFrom("subscriber_components").select("component_id").where("subscriber_id", "=", a.id).execute()).toEqual([]);
    expectV3Error(await t.api.delete(`${w.base}/subscribers/${a.id}`), 404);
    expectV3Error(await t.api.delete(`${w.base}/subscribers/${theirs.id}`), 404);
    expectV3Error(await t.api.delete(`${w.base}/subscribers/${hook}`), 404);
    expectV3Error(await t.api.delete(`${w.base}/subscribers/not-a-uuid`), 400, "subscriberId");
    expectV3Error(await t.api.get(`${w.base}/subscribers/${b.id}`), 405);
    expect(expectList(await t.api.get(`${w.base}/subscribers`)).entries.map((s) => s.id)).toEqual([b.id]);
    expect(expectList(await t.api.get(`${other.base}/subscribers`)).entries.map((s) => s.id)).toEqual([theirs.id]);
  });
});
