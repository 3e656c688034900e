import { z } from "zod";
import { CHANNEL_TYPES, CHANNELS } from "@/lib/notifications/channels";
import { emailChannel } from "@/lib/notifications/channels/email";
import { CursorPage, CursorQuery } from "@/lib/http/pagination";
import { text, Timestamp, Uuid, UuidOut } from "@/lib/http/wire";

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

/* ---- v3: e-mail subscribers of a page, optionally scoped to some of its components ---- */

/** The v3 API knows e-mail subscribers only. */
const SubscriberV3Type = z.enum([emailChannel.type]).meta({ id: "SubscriberV3Type" });

/** At most 200 components; null, omitted or [] = every component of the page (a GROUP includes its current children). */
const SubscribedComponents = z
  .array(Uuid)
  .max(200, "must list at most 200 components")
  .nullable()
  .optional()
  .meta({ description: "Component ids of this page (≤ 200); a GROUP includes its current children. Null, omitted or [] = every component" });

export const BulkSubscribersV3Input = z
  .strictObject({
    subscriptions: z
      .array(z.strictObject({ type: SubscriberV3Type, config: z.strictObject({ address: text().trim().min(1).max(254), subscribedComponents: SubscribedComponents }) }))
      .min(1)
      .max(100),
    autoVerify: z.boolean().optional().default(false).meta({ description: "Start VERIFIED without a confirmation e-mail; default false (each new subscriber gets the confirmation a self-service sign-up gets)" }),
  })
  .meta({ id: "BulkSubscribersV3Input" });
export type BulkSubscribersV3InputType = z.output<typeof BulkSubscribersV3Input>;

export const BulkSubscribersV3Response = z
  .strictObject({
    created: z.number().int(),
    skipped: z.number().int().meta({ description: "already subscribed (or repeated in the request); a skipped address keeps its components" }),
    status: SubscriptionStatus.meta({ description: "the status the created subscribers start in" }),
  })
  .meta({ id: "BulkSubscribersV3Response" });

export const SubscriberV3 = z
  .strictObject({
    id: UuidOut,
    type: SubscriberV3Type,
    address: z.string(),
    status: SubscriptionStatus,
    subscribedComponents: z.array(UuidOut).nullable().meta({ description: "the components followed, in display order; null = every component" }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "SubscriberV3" });

export const SubscribersV3Page = CursorPage(SubscriberV3, "SubscribersV3Page");

export const SubscribersV3Query = CursorQuery.extend({
  status: SubscriptionStatus.optional().meta({ description: "Only subscribers in this status" }),
});

export const SubscriberParams = z.object({ statusPageId: Uuid, subscriberId: Uuid });

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
