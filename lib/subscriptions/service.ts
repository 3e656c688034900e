import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import { isUuid, newId } from "@/lib/db/ids";
import { toJson } from "@/lib/db/json";
import type { Channel, StatusPage, Subscriber } from "@/lib/db/types";
import { assertWithinLimit } from "@/lib/accounts/entitlements";
import { NotFoundError, ValidationError } from "@/lib/errors";
import { defaultGuard, type Guard } from "@/lib/outbound";
import { channelOf, CHANNEL_TYPES } from "@/lib/notifications/channels";
import { TargetError, normalizeEmail } from "@/lib/notifications/channels/address";
import { cancelPendingDeliveries, queueVerification } from "@/lib/notifications/queries";
import { getPageOrThrow, loadCards } from "@/lib/status-pages/service";
import { CONFIRMATION_INTERVAL_MS, consumeSignup } from "./abuse";
import { encryptSecret, newNonce, newWebhookSecret, refToken, subscriptionKeys } from "./crypto";
import * as q from "./queries";
import { CreateSubscriptionsInput, SubscribeForm, type CreateSubscriptionsInputType, type CreateSubscriptionsResultType, type SubscribeFormInput } from "./schema";
import { normalizeTarget, type Target } from "./targets";

interface AddOptions {
  autoVerify: boolean;
  serviceIds: string[] | null;
  contactEmail: string | null;
  /** the webhook secret to store; one is generated when absent */
  secret?: string;
}

/**
 * Adds or re-activates one subscriber inside `trx`. Unless auto-verified it starts PENDING and its
 * confirmation is queued in the same transaction. An active subscriber with this address is left alone.
 */
async function addSubscriber(trx: Db, pageId: string, t: Target, existing: Subscriber | undefined, opts: AddOptions, at: number): Promise<Subscriber | null> {
  if (existing && existing.unsubscribed_at === null) return null;
  const keys = await subscriptionKeys(trx);
  const nonce = newNonce();
  const row = {
    id: existing?.id ?? newId(),
    status_page_id: pageId,
    channel: t.channel,
    target: t.target,
    status: opts.autoVerify ? ("VERIFIED" as const) : ("PENDING" as const),
    service_ids: opts.serviceIds ? toJson(opts.serviceIds) : null,
    dest_host: t.destHost,
    secret_enc: channelOf(t.channel).signed ? encryptSecret(keys, opts.secret ?? newWebhookSecret()) : null,
    contact_email: opts.contactEmail,
    verify_nonce: opts.autoVerify ? null : nonce,
    // a new subscription (re-subscribe included): links sent for an earlier one stop working
    token_nonce: newNonce(),
    verify_sent_at: opts.autoVerify ? null : at,
    verify_attempts: 0,
    verified_at: opts.autoVerify ? at : null,
    failing_since: null,
    disabled_at: null,
    unsubscribed_at: null,
    created_at: at,
    updated_at: at,
  };
  if (existing) await q.updateSubscriber(trx, existing.id, row);
  else await q.insertSubscriber(trx, row);
  await q.setSubscriberServices(trx, row.id, opts.serviceIds);
  if (!opts.autoVerify) await queueVerification(trx, row, nonce, at);
  return { ...existing, ...row } as Subscriber;
}

/** Subscribers of one of the account's pages (those who left are not listed). */
export async function listSubscriptions(db: Db, accountId: string, pageId: string): Promise<Subscriber[]> {
  await getPageOrThrow(db, accountId, pageId);
  return q.listActiveSubscribers(db, pageId);
}

async function normalizeAll(entries: { type: Channel; config: string }[], guard: Guard): Promise<Target[]> {
  const bad: string[] = [];
  const messages: string[] = [];
  const out = await Promise.all(
    entries.map(async (e, i) => {
      try {
        return await normalizeTarget(e.type, e.config, guard);
      } catch (err) {
        if (!(err instanceof TargetError)) throw err;
        bad.push(`subscriptions.${i}.config`);
        messages.push(`subscriptions.${i}.config ${err.message}`);
        return null;
      }
    }),
  );
  if (bad.length > 0) throw new ValidationError(`Invalid subscription: ${messages.join("; ")}`, { fields: bad });
  return out as Target[];
}

/** API bulk create: duplicates (existing or repeated) are skipped; new ones get a confirmation unless autoVerify. */
export async function bulkCreateSubscriptions(
  db: Db,
  accountId: string,
  pageId: string,
  input: CreateSubscriptionsInputType,
  guard: Guard = defaultGuard(),
): Promise<CreateSubscriptionsResultType> {
  const parsed = CreateSubscriptionsInput.safeParse(input);
  if (!parsed.success) throw new ValidationError("Invalid subscriptions", { fields: parsed.error.issues.map((i) => i.path.join(".")) });
  const page = await getPageOrThrow(db, accountId, pageId);
  const targets = await normalizeAll(parsed.data.subscriptions, guard);
  const autoVerify = parsed.data.autoVerify;
  const unique = [...new Map(targets.map((t) => [`${t.channel} ${t.target}`, t])).values()];
  const at = Date.now();
  const created = await db.transaction().execute(async (trx) => {
    const active = await q.countActiveSubscribers(trx, page.id);
    const existing = new Map<string, Subscriber>();
    for (const channel of CHANNEL_TYPES) {
      const rows = await q.findSubscribersByTargets(trx, page.id, channel, unique.filter((t) => t.channel === channel).map((t) => t.target));
      for (const r of rows) existing.set(`${r.channel} ${r.target}`, r);
    }
    const fresh = unique.filter((t) => existing.get(`${t.channel} ${t.target}`)?.unsubscribed_at !== null);
    assertWithinLimit("SUBSCRIBERS_PER_STATUS_PAGE", active, fresh.length);
    let n = 0;
    for (const t of fresh) {
      const added = await addSubscriber(trx, page.id, t, existing.get(`${t.channel} ${t.target}`), { autoVerify, serviceIds: null, contactEmail: null }, at + n);
      if (added) n++;
    }
    return n;
  });
  return { created, skipped: targets.length - created, status: autoVerify ? "VERIFIED" : "PENDING" };
}

export async function deleteSubscription(db: Db, accountId: string, pageId: string, subscriptionId: string): Promise<void> {
  const page = await getPageOrThrow(db, accountId, pageId);
  const n = isUuid(subscriptionId) ? await q.deleteSubscriber(db, page.id, subscriptionId) : 0;
  if (n === 0) throw new NotFoundError("Subscription not found");
}

/** The ids of services shown on a page, in card order. */
async function pageServiceIds(db: Db, pageId: string): Promise<string[]> {
  return [...new Set((await loadCards(db, pageId)).flatMap((c) => c.services.map((s) => s.id)))];
}

/** What the sign-up form shows afterwards: the same for a new and a known address. */
export interface SubscribeAnswer {
  type: Channel;
  /** signed channels (webhook): the signing secret, shown once (a known address keeps the secret it has) */
  secret: string | null;
  /** verification by code (SMS): signed reference for the code-entry page */
  smsRef: string | null;
}

export async function validateScope(db: Db, pageId: string, services: readonly string[]): Promise<string[] | null> {
  if (services.length === 0) return null;
  const onPage = new Set(await pageServiceIds(db, pageId));
  const chosen = [...new Set(services)];
  const bad = chosen.filter((s) => !onPage.has(s));
  if (bad.length > 0) throw new ValidationError("Choose services shown on this page", { fields: ["services"] });
  return chosen.length === onPage.size ? null : chosen;
}

/** Self-service sign-up from the public page. */
export async function subscribe(db: Db, page: StatusPage, form: SubscribeFormInput, meta: { client: string }, guard: Guard = defaultGuard()): Promise<SubscribeAnswer> {
  const parsed = SubscribeForm.safeParse(form);
  if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? "Invalid sign-up", { fields: parsed.error.issues.map((i) => i.path.join(".")) });
  const input = parsed.data;
  const keys = await subscriptionKeys(db);
  const channel = channelOf(input.type);
  const secret = channel.signed ? newWebhookSecret() : null;
  const answer = (id: string): SubscribeAnswer => ({ type: input.type, secret, smsRef: channel.verification === "code" ? refToken(keys, "sms", id) : null });
  await consumeSignup(meta.client);
  // A filled honeypot gets the ordinary answer and nothing else: the bot learns nothing.
  if (input.website) return answer(randomUUID());
  let target: Target;
  try {
    target = await normalizeTarget(input.type, input.address, guard);
  } catch (err) {
    if (err instanceof TargetError) throw new ValidationError(`The address ${err.message}`, { fields: ["address"] });
    throw err;
  }
  let contactEmail: string | null = null;
  if (input.contactEmail && channel.contact === "optional") {
    try {
      contactEmail = normalizeEmail(input.contactEmail);
    } catch {
      throw new ValidationError("The contact e-mail address must be a valid e-mail address", { fields: ["contactEmail"] });
    }
  }
  const serviceIds = await validateScope(db, page.id, input.services);
  const at = Date.now();
  const id = await db.transaction().execute(async (trx) => {
    const existing = await q.findSubscriberByTarget(trx, page.id, target.channel, target.target);
    if (!existing || existing.unsubscribed_at !== null) {
      const active = await q.countActiveSubscribers(trx, page.id);
      assertWithinLimit("SUBSCRIBERS_PER_STATUS_PAGE", active);
      const added = await addSubscriber(trx, page.id, target, existing, { autoVerify: false, serviceIds, contactEmail, secret: secret ?? undefined }, at);
      return added!.id;
    }
    if (existing.status === "PENDING" && (existing.verify_sent_at ?? 0) <= at - CONFIRMATION_INTERVAL_MS) {
      const nonce = newNonce();
      await q.updateSubscriber(trx, existing.id, { verify_nonce: nonce, verify_sent_at: at, verify_attempts: 0, updated_at: at });
      await queueVerification(trx, existing, nonce, at);
    }
    return existing.id;
  });
  return answer(id);
}

/** Marks a subscriber verified (the worker calls this when the test delivery of a "test-delivery" channel succeeds). */
export async function markVerified(db: Db, subscriberId: string, at = Date.now()): Promise<void> {
  await q.markSubscriberVerified(db, subscriberId, at);
}

/** Unsubscribes (one-click, 410, or disabled after failing): nothing more is sent. */
export async function endSubscription(db: Db, subscriberId: string, reason: "unsubscribed" | "gone" | "disabled", at = Date.now()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // a new token nonce: every manage and unsubscribe link sent so far stops working
    await q.updateSubscriber(trx, subscriberId, { unsubscribed_at: at, disabled_at: reason === "unsubscribed" ? null : at, token_nonce: newNonce(), updated_at: at });
    await cancelPendingDeliveries(trx, subscriberId, at);
  });
}

const UNCONFIRMED_TTL_MS = 7 * 86_400_000;
export async function deleteUnconfirmed(db: Db, now = Date.now()): Promise<number> {
  return q.deleteUnconfirmedBefore(db, now - UNCONFIRMED_TTL_MS);
}
