import "server-only";
import { DAY_MS } from "@/lib/time/units";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import { isUuid, newId } from "@/lib/db/ids";
import type { Channel, StatusPage, Subscriber } from "@/lib/db/types";
import { assertWithinLimit } from "@/lib/accounts/entitlements";
import { NotFoundError, ValidationError } from "@/lib/errors";
import { defaultGuard, type Guard } from "@/lib/outbound";
import { channelOf, CHANNEL_TYPES } from "@/lib/notifications/channels";
import { TargetError, normalizeEmail } from "@/lib/notifications/channels/address";
import { emailChannel } from "@/lib/notifications/channels/email";
import { withConfirmationBudget } from "@/lib/notifications/channels/mail-budget";
import { cancelPendingDeliveries, queueVerification } from "@/lib/notifications/outbox/queries";
import { pageOf, type Keyset, type PageRequest } from "@/lib/db/keyset";
import { findComponentsOfPage, lockPageForComponents } from "@/lib/components/queries";
import { getPageOrThrow } from "@/lib/status-pages/lookup";
import { scopeColumn, validateScope } from "./scope";
import { CONFIRMATION_INTERVAL_MS, consumeSignup } from "./abuse";
import { encryptSecret, newNonce, newWebhookSecret, refToken, subscriptionKeys } from "./crypto";
import * as q from "./queries";
import {
  CreateSubscriptionsInput,
  SubscribeForm,
  type BulkSubscribersV3InputType,
  type CreateSubscriptionsInputType,
  type CreateSubscriptionsResultType,
  type SubscribeFormInput,
} from "./schema";
import { normalizeTarget, type Target } from "./targets";

interface AddOptions {
  autoVerify: boolean;
  serviceIds: string[] | null;
  /** a v3 subscriber's components (null = every component) */
  componentIds?: string[] | null;
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
    service_ids: scopeColumn({ serviceIds: opts.serviceIds, componentIds: opts.componentIds ?? null }),
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
  await q.setSubscriberComponents(trx, row.id, opts.componentIds ?? null);
  if (!opts.autoVerify) await queueVerification(trx, row, nonce, at);
  return { ...existing, ...row } as Subscriber;
}

/** Subscribers of one of the account's pages (those who left are not listed). */
export async function listSubscriptions(db: Db, accountId: string, pageId: string): Promise<Subscriber[]> {
  await getPageOrThrow(db, accountId, pageId, { version: 1 });
  return q.listActiveSubscribers(db, pageId);
}

/** Every address normalized, or one 400 naming each bad one (`field(i)` is its path in the request). */
async function normalizeAll(entries: { type: Channel; config: string }[], guard: Guard, field = (i: number) => `subscriptions.${i}.config`): Promise<Target[]> {
  const bad: string[] = [];
  const messages: string[] = [];
  const out = await Promise.all(
    entries.map(async (e, i) => {
      try {
        return await normalizeTarget(e.type, e.config, guard);
      } catch (err) {
        if (!(err instanceof TargetError)) throw err;
        bad.push(field(i));
        messages.push(`${field(i)} ${err.message}`);
        return null;
      }
    }),
  );
  if (bad.length > 0) throw new ValidationError(`Invalid subscription: ${messages.join("; ")}`, { fields: bad });
  return out as Target[];
}

/** One sign-up of a bulk request: where to send, and (v3) which components. */
interface BulkEntry {
  target: Target;
  componentIds: string[] | null;
}

/** Takes confirmation e-mails from the account's hour (lib/notifications/channels/mail-budget.ts), or throws 429. */
type SpendMail = (n: number) => Promise<void>;

/** Confirmations that go out by e-mail (the relay the budget protects); SMS codes and test deliveries do not. */
const confirmedByMail = (t: Target) => t.channel === emailChannel.type;

/**
 * The bulk sign-up both APIs share, inside `trx`: an address already active on the page (or repeated in
 * the request) is skipped; new ones start VERIFIED with autoVerify, else PENDING with the confirmation a
 * self-service sign-up gets. Returns how many were created.
 */
async function addInBulk(trx: Db, pageId: string, entries: BulkEntry[], autoVerify: boolean, at: number, spendMail: SpendMail): Promise<number> {
  const keyOf = (t: Target) => `${t.channel} ${t.target}`;
  const unique = new Map<string, BulkEntry>();
  for (const e of entries) if (!unique.has(keyOf(e.target))) unique.set(keyOf(e.target), e);
  const active = await q.countActiveSubscribers(trx, pageId);
  const existing = new Map<string, Subscriber>();
  for (const channel of CHANNEL_TYPES) {
    const rows = await q.findSubscribersByTargets(trx, pageId, channel, [...unique.values()].filter((e) => e.target.channel === channel).map((e) => e.target.target));
    for (const r of rows) existing.set(`${r.channel} ${r.target}`, r);
  }
  const fresh = [...unique.values()].filter((e) => existing.get(keyOf(e.target))?.unsubscribed_at !== null);
  assertWithinLimit("SUBSCRIBERS_PER_STATUS_PAGE", active, fresh.length);
  if (!autoVerify) await spendMail(fresh.filter((e) => confirmedByMail(e.target)).length);
  let n = 0;
  for (const e of fresh) {
    const opts = { autoVerify, serviceIds: null, componentIds: e.componentIds, contactEmail: null };
    if (await addSubscriber(trx, pageId, e.target, existing.get(keyOf(e.target)), opts, at + n)) n++;
  }
  return n;
}

/** API bulk create (v1): duplicates (existing or repeated) are skipped; new ones get a confirmation unless autoVerify. */
export async function bulkCreateSubscriptions(
  db: Db,
  accountId: string,
  pageId: string,
  input: CreateSubscriptionsInputType,
  guard: Guard = defaultGuard(),
): Promise<CreateSubscriptionsResultType> {
  const parsed = CreateSubscriptionsInput.safeParse(input);
  if (!parsed.success) throw new ValidationError("Invalid subscriptions", { fields: parsed.error.issues.map((i) => i.path.join(".")) });
  const page = await getPageOrThrow(db, accountId, pageId, { version: 1 });
  const targets = await normalizeAll(parsed.data.subscriptions, guard);
  const autoVerify = parsed.data.autoVerify;
  const at = Date.now();
  const entries = targets.map((target) => ({ target, componentIds: null }));
  const created = await withConfirmationBudget(accountId, (spend) => db.transaction().execute((trx) => addInBulk(trx, page.id, entries, autoVerify, at, spend)));
  return { created, skipped: targets.length - created, status: autoVerify ? "VERIFIED" : "PENDING" };
}

/** A v3 page's e-mail subscribers, newest first (those who left are not listed), with their components. */
export async function listSubscribersV3(
  db: Db,
  accountId: string,
  pageId: string,
  filter: { status?: Subscriber["status"] },
  page: PageRequest,
): Promise<{ rows: { subscriber: Subscriber; componentIds: string[] | null }[]; next: Keyset | null }> {
  await getPageOrThrow(db, accountId, pageId, { version: 3 });
  const { rows, next } = pageOf(await q.listActiveSubscribersPage(db, pageId, { channel: emailChannel.type, status: filter.status }, page), page.limit);
  const components = await q.listSubscriberComponents(db, rows.map((r) => r.id));
  // A scoped subscriber whose components were all deleted follows nothing, not everything: [] rather than null.
  return { rows: rows.map((subscriber) => ({ subscriber, componentIds: subscriber.service_ids === null ? null : (components.get(subscriber.id) ?? []) })), next };
}

/**
 * API bulk create (v3): the v1 sign-up with each address scoped to components of the page. Checked under the
 * page's component lock, so a component (or the page) deleted meanwhile is a 400 (404), not a foreign-key error.
 */
export async function bulkCreateSubscribersV3(db: Db, accountId: string, pageId: string, input: BulkSubscribersV3InputType, guard: Guard = defaultGuard()): Promise<CreateSubscriptionsResultType> {
  const page = await getPageOrThrow(db, accountId, pageId, { version: 3 });
  const subs = input.subscriptions;
  const targets = await normalizeAll(subs.map((s) => ({ type: s.type, config: s.config.address })), guard, (i) => `subscriptions.${i}.config.address`);
  const entries = targets.map((target, i) => {
    const ids = subs[i].config.subscribedComponents;
    return { target, componentIds: ids && ids.length > 0 ? [...new Set(ids)] : null };
  });
  const at = Date.now();
  const created = await withConfirmationBudget(accountId, (spend) => db.transaction().execute(async (trx) => {
    if (!(await lockPageForComponents(trx, page.id))) throw new NotFoundError("Status page not found");
    const wanted = [...new Set(entries.flatMap((e) => e.componentIds ?? []))];
    if (wanted.length > 0) {
      const onPage = new Set((await findComponentsOfPage(trx, page.id, wanted)).map((c) => c.id));
      const bad = subs.flatMap((s, i) => (s.config.subscribedComponents ?? []).flatMap((id, j) => (onPage.has(id) ? [] : [`subscriptions.${i}.config.subscribedComponents.${j}`])));
      if (bad.length > 0) throw new ValidationError(`subscribedComponents must list components of this status page: ${bad.join(", ")}`, { fields: bad });
    }
    return addInBulk(trx, page.id, entries, input.autoVerify, at, spend);
  }));
  return { created, skipped: targets.length - created, status: input.autoVerify ? "VERIFIED" : "PENDING" };
}

/** Removes an e-mail subscriber of a v3 page (the only kind the v3 API lists). */
export async function deleteSubscriberV3(db: Db, accountId: string, pageId: string, subscriberId: string): Promise<void> {
  const page = await getPageOrThrow(db, accountId, pageId, { version: 3 });
  const n = isUuid(subscriberId) ? await q.deleteSubscriber(db, page.id, subscriberId, emailChannel.type) : 0;
  if (n === 0) throw new NotFoundError("Subscriber not found");
}

export async function deleteSubscription(db: Db, accountId: string, pageId: string, subscriptionId: string): Promise<void> {
  const page = await getPageOrThrow(db, accountId, pageId, { version: 1 });
  const n = isUuid(subscriptionId) ? await q.deleteSubscriber(db, page.id, subscriptionId) : 0;
  if (n === 0) throw new NotFoundError("Subscription not found");
}

/** What the sign-up form shows afterwards: the same for a new and a known address. */
export interface SubscribeAnswer {
  type: Channel;
  /** signed channels (webhook): the signing secret, shown once (a known address keeps the secret it has) */
  secret: string | null;
  /** verification by code (SMS): signed reference for the code-entry page */
  smsRef: string | null;
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
  const scope = await validateScope(db, page, input.services);
  const at = Date.now();
  const mail = confirmedByMail(target) ? 1 : 0;
  const id = await withConfirmationBudget(page.account_id, (spend) => db.transaction().execute(async (trx) => {
    const existing = await q.findSubscriberByTarget(trx, page.id, target.channel, target.target);
    if (!existing || existing.unsubscribed_at !== null) {
      const active = await q.countActiveSubscribers(trx, page.id);
      assertWithinLimit("SUBSCRIBERS_PER_STATUS_PAGE", active);
      await spend(mail);
      const added = await addSubscriber(trx, page.id, target, existing, { autoVerify: false, ...scope, contactEmail, secret: secret ?? undefined }, at);
      return added!.id;
    }
    if (existing.status === "PENDING" && (existing.verify_sent_at ?? 0) <= at - CONFIRMATION_INTERVAL_MS) {
      await spend(mail);
      const nonce = newNonce();
      await q.updateSubscriber(trx, existing.id, { verify_nonce: nonce, verify_sent_at: at, verify_attempts: 0, updated_at: at });
      await queueVerification(trx, existing, nonce, at);
    }
    return existing.id;
  }));
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

const UNCONFIRMED_TTL_MS = 7 * DAY_MS;
export async function deleteUnconfirmed(db: Db, now = Date.now()): Promise<number> {
  return q.deleteUnconfirmedBefore(db, now - UNCONFIRMED_TTL_MS);
}
