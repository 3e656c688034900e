import type { z } from "zod";
import { fromJson } from "@/lib/db/json";
import { toIso } from "@/lib/db/time";
import type { Subscriber } from "@/lib/db/types";
import { emailChannel } from "@/lib/notifications/channels/email";
import type { SubscriberV3, SubscriptionWire } from "./schema";

export function serializeSubscription(s: Subscriber): SubscriptionWire {
  return {
    id: s.id,
    type: s.channel,
    address: s.target,
    status: s.status,
    services: fromJson<string[]>(s.service_ids),
    created_at: toIso(s.created_at),
    updated_at: toIso(s.updated_at),
  };
}

export function serializeSubscriberV3(s: Subscriber, componentIds: string[] | null): z.infer<typeof SubscriberV3> {
  return {
    id: s.id,
    type: emailChannel.type,
    address: s.target,
    status: s.status,
    subscribedComponents: componentIds,
    created_at: toIso(s.created_at),
    updated_at: toIso(s.updated_at),
  };
}
