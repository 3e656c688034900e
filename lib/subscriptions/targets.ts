import type { Channel } from "@/lib/db/types";
import { channelOf } from "@/lib/notifications/channels";
import type { Guard } from "@/lib/outbound";

export interface Target {
  channel: Channel;
  /** normalized: lower-cased e-mail, canonical URL, E.164 number */
  target: string;
  /** the key of the per-destination concurrency limit */
  destHost: string;
}

/** Checks a subscriber address the way its channel declares (throws TargetError); the worker checks URLs again at send time. */
export async function normalizeTarget(channel: Channel, raw: string, guard: Guard): Promise<Target> {
  return { channel, ...(await channelOf(channel).normalize(raw, guard)) };
}
