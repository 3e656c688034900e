import { fromJson } from "@/lib/db/json";
import { toIso } from "@/lib/db/time";
import type { Subscriber } from "@/lib/db/types";
import type { SubscriptionWire } from "./schema";

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
