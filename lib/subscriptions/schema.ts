import { z } from "zod";
import { CHANNEL_TYPES, CHANNELS } from "@/lib/notifications/channels";
import { text } from "@/lib/http/wire";

/** The channel names of the registry; the API docs list them with what each address is. */
export const SubscriptionType = z.enum(CHANNEL_TYPES).meta({ id: "SubscriptionType", description: CHANNELS.map((c) => `${c.type}: ${c.form.field}`).join("; ") });
const SubscriptionStatus = z.enum(["PENDING", "VERIFIED"]).meta({ id: "SubscriptionStatus" });

export const Subscription = z
  .object({
    id: z.uuid(),
    type: SubscriptionType,
    address: z.string().meta({ description: "the channel's address (see SubscriptionType), normalized" }),
    status: SubscriptionStatus,
    services: z.array(z.uuid()).nullable().meta({ description: "service ids the subscriber follows; null = all services of the page" }),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "Subscription" });
export type SubscriptionWire = z.infer<typeof Subscription>;

export const BulkSubscriptionEntry = z.object({ type: SubscriptionType, config: text().trim().min(1).max(2048) }).strict();

export const CreateSubscriptionsInput = z
  .object({
    subscriptions: z.array(BulkSubscriptionEntry).min(1).max(100),
    autoVerify: z.boolean().optional().default(false),
  })
  .strict()
  .meta({ id: "CreateSubscriptionsInput" });
export type CreateSubscriptionsInputType = z.input<typeof CreateSubscriptionsInput>;

export const CreateSubscriptionsResult = z
  .object({
    created: z.number().int(),
    skipped: z.number().int().meta({ description: "already subscribed (or repeated in the request)" }),
    status: SubscriptionStatus.meta({ description: "the status the created subscriptions start in" }),
  })
  .meta({ id: "CreateSubscriptionsResult" });
export type CreateSubscriptionsResultType = z.infer<typeof CreateSubscriptionsResult>;

/** The public sign-up form (all fields arrive as form strings). */
export const SubscribeForm = z.object({
  type: SubscriptionType,
  address: text().trim().min(1, "Enter an address").max(2048),
  /** optional e-mail for channels that take one (webhook, Slack): told when deliveries keep failing */
  contactEmail: text().trim().max(254).optional(),
  /** empty = all services */
  services: z.array(text()).max(500).default([]),
  /** honeypot: people leave it empty, form-filling bots do not */
  website: text().optional(),
});
export type SubscribeFormInput = z.input<typeof SubscribeForm>;
