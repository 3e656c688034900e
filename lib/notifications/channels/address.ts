import { z } from "zod";
import { OutboundRefusedError, type Guard } from "@/lib/outbound";

/* Address checks shared by the channel modules: each channel picks the one its addresses need. */

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

/**
 * A receiver URL, checked by the SSRF guard (DNS resolved, every address vetted) the same way at sign-up
 * as at every send. Chat platforms only hand out https URLs on known hosts (`httpsOnly`, `hosts`); a host
 * on the operator's allow-list is exempt (internal receivers, tests).
 */
export async function normalizeUrl(raw: string, guard: Guard, opts: { httpsOnly?: boolean; hosts?: RegExp; what?: string } = {}): Promise<{ target: string; destHost: string }> {
  if (raw.trim().length > 2048) throw new TargetError("is too long");
  try {
    const checked = await guard.check(raw);
    if (opts.httpsOnly && checked.url.protocol !== "https:" && !checked.allowListed) throw new TargetError("must be an https URL");
    if (opts.hosts && !opts.hosts.test(checked.url.hostname) && !checked.allowListed) throw new TargetError(`must be ${opts.what ?? "a URL of this service"}`);
    return { target: checked.url.toString(), destHost: checked.url.host.toLowerCase() };
  } catch (err) {
    if (err instanceof OutboundRefusedError) throw new TargetError(err.message);
    throw err;
  }
}
