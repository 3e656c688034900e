import { env } from "@/lib/env";
import type { StatusPage } from "@/lib/db/types";
import { pageAddress } from "@/lib/tenancy/address";
import { confirmToken, refToken } from "@/lib/subscriptions/crypto";

type Keys = Parameters<typeof refToken>[0];

/** Links in messages come from the page's configured address (custom domain when set), never from a request. */
export function subscriberLinks(keys: Keys, page: Pick<StatusPage, "url" | "custom_domain">, subscriberId: string) {
  const base = pageAddress(page, env.HELIOGRAPH_PUBLIC_URL);
  const token = refToken(keys, "manage", subscriberId);
  return {
    page: base,
    manage: `${base}/manage?token=${token}`,
    unsubscribe: `${base}/manage/unsubscribe?token=${token}`,
  };
}

export function confirmLinks(keys: Keys, page: Pick<StatusPage, "url" | "custom_domain">, subscriberId: string, nonce: string, sentAt: number) {
  const base = pageAddress(page, env.HELIOGRAPH_PUBLIC_URL);
  return {
    confirm: `${base}/confirm?token=${confirmToken(keys, subscriberId, nonce, sentAt + 24 * 3_600_000)}`,
    code: `${base}/confirm?sms=${refToken(keys, "sms", subscriberId)}`,
  };
}
