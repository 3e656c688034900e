import { z } from "zod";
import { SubscriptionType } from "@/lib/subscriptions/schema";

export const DeadLetter = z
  .object({
    id: z.uuid(),
    subscriptionId: z.uuid(),
    type: SubscriptionType,
    address: z.string(),
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    responseCode: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "DeadLetter" });

export const DeliveryReport = z
  .object({
    queued: z.number().int().meta({ description: "waiting for their first attempt" }),
    sent: z.number().int(),
    failed: z.number().int().meta({ description: "failed at least once, waiting for a retry" }),
    dead: z.number().int().meta({ description: "given up after about 24 hours, refused for good (410, rejected mailbox), or an e-mail over the account's hourly limit (lastError says which)" }),
    cancelled: z.number().int().meta({ description: "the subscriber left before the message went out" }),
    total: z.number().int(),
    deadLetters: z.array(DeadLetter).meta({ description: "the newest 100 dead deliveries" }),
  })
  .meta({ id: "DeliveryReport" });
