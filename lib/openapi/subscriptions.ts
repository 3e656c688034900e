import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { IdParams } from "@/lib/http/wire";
import { SubscriptionParams } from "@/lib/status-pages/schema";
import { CreateSubscriptionsInput, CreateSubscriptionsResult, Subscription } from "@/lib/subscriptions/schema";
import { UpdateParams } from "@/lib/incidents/schema";
import { DeliveryReport } from "@/lib/notifications/schema";
import { op } from "./helpers";

const T = "Subscriptions";

/** The subscription operations of a status page (wire shapes from lib/subscriptions/schema.ts). */
export const subscriptionPaths: ZodOpenApiPathsObject = {
  "/v1/status-pages/{id}/subscriptions": {
    get: op({ id: "listSubscriptions", summary: "A page's subscribers", tag: T, params: IdParams, ok: [200, z.array(Subscription), "Subscriptions"], errors: [404] }),
  },
  "/v1/status-pages/{id}/subscriptions/bulk": {
    post: op({
      id: "bulkCreateSubscriptions",
      summary: "Add up to 100 subscribers; duplicates are skipped; without autoVerify each gets a confirmation",
      tag: T,
      params: IdParams,
      body: CreateSubscriptionsInput,
      ok: [201, CreateSubscriptionsResult, "What was created and skipped"],
      errors: [402, 404],
    }),
  },
  "/v1/status-pages/{id}/subscriptions/{subscriptionId}": {
    delete: op({ id: "deleteSubscription", summary: "Remove a subscriber", tag: T, params: SubscriptionParams, ok: [204, null, "Deleted"], errors: [404] }),
  },
  "/v1/status-pages/incidents/{id}/incident-updates/{updateId}/deliveries": {
    get: op({ id: "getIncidentUpdateDeliveries", summary: "Delivery counts of an update (queued, sent, failed, dead) and its dead letters", tag: T, params: UpdateParams, ok: [200, DeliveryReport, "Delivery report"], errors: [404] }),
  },
};
