import { z } from "zod";
import type { Channel } from "@/lib/db/types";
import { OutboundRefusedError, type Guard } from "@/lib/outbound";

export interface Target {
  channel: Channel;
  /** normalized: lower-cased e-mail, canonical URL, E.164 number */
  target: string;
  /** the key of the per-destination concurrency limit */
  destHost: string;
}

export class TargetError extends Error {
  override name = "TargetError";
}

const email = z.email();

export function normalizeEmail(raw: string): string {
  const v = raw.trim().toLowerCase();
  if (v.length > 254 || !email.safeParse(v).success) throw new TargetError("must be a valid e-mail address");
  return v;
}

export function normalizePhone(raw: string): string {
  const v = raw.trim().replace(/[\s().-]/g, "");
  if (!/^\+[1-9]\d{6,14}$/.test(v)) throw new TargetError("must be a phone number in E.164 form, like +14155550123");
  return v;
}

/** Checks a subscriber address the same way at sign-up as the worker does again at send time. */
export async function normalizeTarget(channel: Channel, raw: string, guard: Guard): Promise<Target> {
  if (channel === "EMAIL") return { channel, target: normalizeEmail(raw), destHost: "smtp" };
  if (channel === "SMS") return { channel, target: normalizePhone(raw), destHost: "sms" };
  if (raw.trim().length > 2048) throw new TargetError("is too long");
  try {
    const checked = await guard.check(raw);
    if (channel === "SLACK" && checked.url.protocol !== "https:" && !checked.allowListed) throw new TargetError("must be an https URL");
    return { channel, target: checked.url.toString(), destHost: checked.url.host.toLowerCase() };
  } catch (err) {
    if (err instanceof OutboundRefusedError) throw new TargetError(err.message);
    throw err;
  }
}
