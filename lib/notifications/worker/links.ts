import { env } from "@/lib/env";
import type { StatusPage, Subscriber } from "@/lib/db/types";
import { pageAddress } from "@/lib/tenancy/address";
import { CONFIRM_TTL_MS, MANAGE_TTL_MS, refToken, signedToken } from "@/lib/subscriptions/crypto";

type Keys = Parameters<typeof refToken>[0];

/**
 * Links in messages come from the page's configured address (custom domain when set), never from a request.
 * Minted per message: each one sent refreshes the expiry (MANAGE_TTL_MS) of the links its reader holds.
 */
export function subscriberLinks(keys: Keys, page: Pick<StatusPage, "url" | "custom_domain">, subscriber: Pick<Subscriber, "id" | "token_nonce">, now = Date.now()) {
  const base = pageAddress(page, env.HELIOGRAPH_PUBLIC_URL);
  const token = signedToken(keys, "manage", subscriber.id, subscriber.token_nonce ?? "", now + MANAGE_TTL_MS);
  return {
    page: base,
    manage: `${base}/manage?token=${token}`,
    unsubscribe: `${base}/manage/unsubscribe?token=${token}`,
  };
}

export function confirmLinks(keys: Keys, page: Pick<StatusPage, "url" | "custom_domain">, subscriberId: string, nonce: string, sentAt: number) {
  const base = pageAddress(page, env.HELIOGRAPH_PUBLIC_URL);
  return {
    confirm: `${base}/confirm?token=${signedToken(keys, "confirm", subscriberId, nonce, sentAt + CONFIRM_TTL_MS)}`,
    code: `${base}/confirm?sms=${refToken(keys, "sms", subscriberId)}`,
  };
}
