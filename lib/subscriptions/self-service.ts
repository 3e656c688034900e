import "server-only";
import { DAY_MS } from "@/lib/time/units";
import type { Db } from "@/lib/db";
import type { StatusPage, Subscriber } from "@/lib/db/types";
import { channelOf } from "@/lib/notifications/channels";
import { encryptSecret, newWebhookSecret, parseRefToken, parseSignedToken, signedTokenValid, smsCode, subscriptionKeys } from "./crypto";
import * as q from "./queries";
import { endSubscription } from "./service";
import { chosenScope, scopeOptions, storeScope, validateScope, type ScopeOption } from "./scope";

export type ConfirmResult = "confirmed" | "invalid" | "locked";
const MAX_CODE_ATTEMPTS = 5;

/** Double opt-in: a signed link (24 h, tied to the latest confirmation sent) turns PENDING into VERIFIED. */
export async function confirmEmail(db: Db, page: StatusPage, token: string, now = Date.now()): Promise<ConfirmResult> {
  const parsed = parseSignedToken(token);
  if (!parsed) return "invalid";
  const sub = await q.findSubscriber(db, parsed.id);
  if (!sub || sub.status_page_id !== page.id || channelOf(sub.channel).verification !== "link" || sub.unsubscribed_at !== null) return "invalid";
  const keys = await subscriptionKeys(db);
  if (sub.status === "VERIFIED") return "confirmed";
  if (!signedTokenValid(keys, "confirm", parsed, sub.verify_nonce, now)) return "invalid";
  await q.updateSubscriber(db, sub.id, { status: "VERIFIED", verified_at: now, verify_nonce: null, updated_at: now });
  return "confirmed";
}

/** SMS: the code sent to the number, typed on the page; five wrong tries void it until a new one is sent. */
export async function confirmSms(db: Db, page: StatusPage, ref: string, code: string, now = Date.now()): Promise<ConfirmResult> {
  const keys = await subscriptionKeys(db);
  const id = parseRefToken(keys, "sms", ref);
  const sub = id ? await q.findSubscriber(db, id) : undefined;
  if (!sub || sub.status_page_id !== page.id || channelOf(sub.channel).verification !== "code" || sub.unsubscribed_at !== null) return "invalid";
  if (sub.status === "VERIFIED") return "confirmed";
  if (!sub.verify_nonce || (sub.verify_sent_at ?? 0) < now - DAY_MS) return "invalid";
  if ((await q.countVerifyAttempt(db, sub.id)) > MAX_CODE_ATTEMPTS) return "locked";
  if (code.replace(/\s/g, "") !== smsCode(keys, sub.id, sub.verify_nonce)) return "invalid";
  await q.updateSubscriber(db, sub.id, { status: "VERIFIED", verified_at: now, verify_nonce: null, updated_at: now });
  return "confirmed";
}

export interface ManagedSubscription {
  subscriber: Subscriber;
  /** what the page offers, for the scope checkboxes */
  services: ScopeOption[];
  /** null = all */
  chosen: string[] | null;
}

/** The subscription a manage link was sent for: signed under its current token nonce, and not expired. */
async function subscriberFromToken(db: Db, page: StatusPage, token: string, now = Date.now()): Promise<Subscriber | null> {
  const parsed = parseSignedToken(token);
  const sub = parsed ? await q.findSubscriber(db, parsed.id) : undefined;
  if (!parsed || !sub || sub.status_page_id !== page.id) return null;
  return signedTokenValid(await subscriptionKeys(db), "manage", parsed, sub.token_nonce, now) ? sub : null;
}

/** What the manage link shows. Reading never changes anything (mail scanners follow links). */
export async function getManagedSubscription(db: Db, page: StatusPage, token: string): Promise<ManagedSubscription | null> {
  const sub = await subscriberFromToken(db, page, token);
  if (!sub) return null;
  const [services, chosen] = await Promise.all([scopeOptions(db, page), chosenScope(db, sub, page)]);
  return { subscriber: sub, services, chosen };
}

export async function updateManagedServices(db: Db, page: StatusPage, token: string, services: string[]): Promise<boolean> {
  const sub = await subscriberFromToken(db, page, token);
  if (!sub || sub.unsubscribed_at !== null) return false;
  const scope = await validateScope(db, page, services);
  const at = Date.now();
  await db.transaction().execute((trx) => storeScope(trx, sub.id, scope, at));
  return true;
}

/** One-click unsubscribe (RFC 8058): needs only the signed token, no cookie or session. */
export async function unsubscribeByToken(db: Db, page: StatusPage, token: string): Promise<boolean> {
  const sub = await subscriberFromToken(db, page, token);
  if (!sub) return false;
  if (sub.unsubscribed_at === null) await endSubscription(db, sub.id, "unsubscribed");
  return true;
}

/**
 * A new signing secret for a webhook subscriber, shown once. Webhooks added through the API never had
 * their secret shown: the manage link (sent in every delivery's meta.manage) is how their owner gets one.
 */
export async function rotateWebhookSecret(db: Db, page: StatusPage, token: string): Promise<string | null> {
  const sub = await subscriberFromToken(db, page, token);
  if (!sub || !channelOf(sub.channel).signed || sub.unsubscribed_at !== null) return null;
  const secret = newWebhookSecret();
  await q.updateSubscriber(db, sub.id, { secret_enc: encryptSecret(await subscriptionKeys(db), secret), updated_at: Date.now() });
  return secret;
}
