import "server-only";
import { randomUUID } from "node:crypto";
import type { Db } from "@/lib/db";
import { fromJson, toJson } from "@/lib/db/json";
import { log } from "@/lib/log";
import type { Guard } from "@/lib/outbound";
import { decryptSecret, smsCode, subscriptionKeys } from "@/lib/subscriptions/crypto";
import { endSubscription, markVerified } from "@/lib/subscriptions/service";
import { pageAddress } from "@/lib/tenancy/address";
import { env } from "@/lib/env";
import type { Subscriber } from "@/lib/db/types";
import { channelOf, CHANNELS, type ChannelDeps, type SendResult } from "@/lib/notifications/channels";
import { emailChannel, renderDisabledEmail, type Mailer } from "@/lib/notifications/channels/email";
import { limitOf } from "@/lib/accounts/entitlements";
import { takeMail } from "@/lib/notifications/channels/mail-budget";
import type { SmsConfig } from "@/lib/notifications/channels/sms";
import { confirmLinks, subscriberLinks } from "./links";
import type { EventPayload } from "@/lib/notifications/channels/payload";
import * as q from "./claim-queries";
import { findPageHead } from "@/lib/notifications/outbox/snapshot-queries";
import { schedulerTick } from "./schedule";
import { DELIVERY, VERIFY_EVENT } from "@/lib/notifications/outbox/status";
import { HostQueues } from "./host-queues";
import { backoffMs, DEFAULT_WORKER_OPTIONS, hostLimit, type WorkerOptions } from "./options";

export { backoffMs, type WorkerOptions } from "./options";

export interface WorkerDeps {
  db: Db;
  guard: Guard;
  mailer: Mailer | null;
  sms: SmsConfig | null;
  now?: () => number;
  random?: () => number;
}

type PageHead = NonNullable<Awaited<ReturnType<typeof findPageHead>>>;
/** An event's messages by channel name, rendered once (stored with the event) from its payload. */
interface RenderedEvent {
  payload: EventPayload;
  messages: Record<string, unknown>;
}

/** The message of every channel that sends this kind of event; a channel added after an event was stored renders on demand. */
async function renderAll(p: EventPayload): Promise<Record<string, unknown>> {
  const sending = CHANNELS.filter((c) => (c.events as readonly string[]).includes(p.kind));
  return Object.fromEntries(await Promise.all(sending.map(async (c) => [c.type, await c.render(p)])));
}

export class NotificationWorker {
  readonly owner = `w-${randomUUID().slice(0, 8)}`;
  readonly options: WorkerOptions;
  private running = false;
  private stopping = false;
  private loopDone: Promise<void> | null = null;
  private inFlight = 0;
  private readonly queues: HostQueues;
  private asked = 0;
  private wake: (() => void) | null = null;
  /** ids of deliveries sent and not yet recorded */
  private sent: string[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private scheduleTimer: NodeJS.Timeout | null = null;
  private rendered = new Map<string, Promise<RenderedEvent | null>>();
  private pages = new Map<string, { at: number; page: PageHead | undefined }>();
  private tasks = new Set<Promise<void>>();
  private deps: ChannelDeps | null = null;

  constructor(
    private readonly d: WorkerDeps,
    options: Partial<WorkerOptions> = {},
  ) {
    this.options = { ...DEFAULT_WORKER_OPTIONS, ...options };
    this.queues = new HostQueues({ ...this.options, limit: (h) => hostLimit(h, this.options.hostConcurrency) });
  }

  private now = () => (this.d.now ?? Date.now)();

  private async channelDeps(): Promise<ChannelDeps> {
    if (!this.deps) {
      const keys = await subscriptionKeys(this.d.db);
      this.deps = {
        guard: this.d.guard,
        mailer: this.d.mailer,
        sms: this.d.sms,
        timeoutMs: this.options.timeoutMs,
        secretOf: (s) => (s.secret_enc ? decryptSecret(keys, s.secret_enc) : null),
      };
    }
    return this.deps;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stopping = false;
    this.loopDone = this.loop();
    const tick = () => {
      schedulerTick(this.d.db, this.now())
        .then((r) => {
          if (r.queued || r.deletedUnconfirmed || r.pruned) log.info({ worker: this.owner, ...r }, "scheduler tick");
          this.wake?.();
        })
        .catch((err) => log.error({ worker: this.owner, err: (err as Error).message }, "scheduler tick failed"));
    };
    tick();
    this.scheduleTimer = setInterval(tick, this.options.scheduleEveryMs);
    this.scheduleTimer.unref?.();
  }

  /** Stops claiming, hands back what it claimed but did not start, lets deliveries in flight finish and records them. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    if (this.scheduleTimer) clearInterval(this.scheduleTimer);
    this.wake?.();
    await this.loopDone;
    const unstarted = this.queues.drop().map((c) => c.delivery.id);
    try {
      await q.releaseClaims(this.d.db, unstarted, this.owner);
    } catch (err) {
      // Their lease runs out and any worker takes them.
      log.error({ worker: this.owner, err: (err as Error).message, count: unstarted.length }, "handing back claimed deliveries failed");
    }
    await Promise.allSettled([...this.tasks]);
    await this.flush();
  }

  /** Claims and sends until nothing is due (tests and the CLI's --once). Returns how many were attempted. */
  async drain(maxMs = 60_000): Promise<number> {
    const until = this.now() + maxMs;
    let total = 0;
    while (this.now() < until) {
      const n = await this.claimAndDispatch();
      total += n;
      // With nothing in flight the queues are empty too: pump() starts at least one row of every waiting host.
      if (n === 0 && this.inFlight === 0) break;
      if (n === 0) await Promise.race([...this.tasks]);
    }
    await Promise.allSettled([...this.tasks]);
    await this.flush();
    return total;
  }

  /** Claims due rows into the host queues (a few rounds ahead of the sends) and starts what the limits allow. */
  private async claimAndDispatch(): Promise<number> {
    const o = this.options;
    this.asked = Math.min(o.batchSize, o.concurrency + o.batchSize - this.inFlight - this.queues.queued);
    if (this.asked <= 0) return 0;
    const claimed = await q.claimDue(this.d.db, this.owner, this.now(), o.leaseMs, this.asked, (h) => this.queues.room(h), this.queues.full());
    const at = this.now();
    for (const c of claimed) this.queues.add(c, at);
    this.pump();
    return claimed.length;
  }

  private pump(): void {
    if (this.stopping) return;
    for (const c of this.queues.take(this.options.concurrency - this.inFlight, this.now())) this.launch(c);
  }

  private launch(c: q.Claimed): void {
    const started = this.now();
    this.inFlight++;
    const task = this.process(c).finally(() => {
      this.inFlight--;
      this.queues.done(c.delivery.host, this.now() - started);
      this.tasks.delete(task);
      this.pump();
      // Claim again only when a host is down to its last round (or all is done), not after every delivery.
      if (this.queues.queued === 0 || this.queues.hungry()) this.wake?.();
    });
    // process() records its own failures; this only keeps a stray rejection from ending the worker.
    task.catch((err) => log.error({ worker: this.owner, err: (err as Error)?.message }, "delivery task failed"));
    this.tasks.add(task);
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let n = 0;
      try {
        n = await this.claimAndDispatch();
      } catch (err) {
        log.error({ worker: this.owner, err: (err as Error).message }, "claiming deliveries failed");
      }
      // A full batch means more may be due: claim again at once. Otherwise sleep until a task ends or the poll interval.
      if (n > 0 && n >= this.asked && this.options.concurrency - this.inFlight > 0) continue;
      const woken = await new Promise<boolean>((resolve) => {
        const t = setTimeout(() => resolve(false), this.options.pollMs);
        this.wake = () => {
          clearTimeout(t);
          this.wake = null;
          resolve(true);
        };
      });
      this.wake = null;
      // Let a few more deliveries finish, so one claim transaction refills several slots rather than one.
      if (woken && this.running) await new Promise((r) => setTimeout(r, this.options.coalesceMs));
    }
  }

  private async page(id: string): Promise<PageHead | undefined> {
    const hit = this.pages.get(id);
    if (hit && hit.at > this.now() - 60_000) return hit.page;
    const page = await findPageHead(this.d.db, id);
    this.pages.set(id, { at: this.now(), page });
    return page;
  }

  /**
   * Rendered once per event: the deliveries of one event share one render (a pending promise included),
   * and a worker that finds the event already rendered by another reuses the stored text.
   */
  private renderedFor(eventId: string): Promise<RenderedEvent | null> {
    let hit = this.rendered.get(eventId);
    if (!hit) {
      hit = (async () => {
        const event = await q.findEvent(this.d.db, eventId);
        if (!event) return null;
        const payload = fromJson<EventPayload>(event.payload)!;
        const text = event.rendered ?? (await q.storeRendered(this.d.db, eventId, toJson(await renderAll(payload))));
        return { payload, messages: fromJson<Record<string, unknown>>(text) ?? {} };
      })();
      hit.catch(() => this.rendered.delete(eventId));
      if (this.rendered.size > 200) this.rendered.delete(this.rendered.keys().next().value!);
      this.rendered.set(eventId, hit);
    }
    return hit;
  }

  private async process(c: q.Claimed): Promise<void> {
    const { delivery: d, subscriber: s } = c;
    const started = this.now();
    let result: SendResult;
    try {
      if (s.unsubscribed_at !== null) return await q.markCancelled(this.d.db, d.id, "subscriber left", started);
      const page = await this.page(s.status_page_id);
      if (!page) return await q.markCancelled(this.d.db, d.id, "page deleted", started);
      const deps = await this.channelDeps();
      const keys = await subscriptionKeys(this.d.db);
      const links = subscriberLinks(keys, page, s, started);
      const head = { id: page.id, name: page.name, address: links.page, locale: page.locale };
      const base = { deps, subscriber: s, idempotencyKey: d.idempotency_key, page: head, links };
      const channel = channelOf(s.channel);
      if (d.event_type === VERIFY_EVENT) {
        const nonce = d.idempotency_key.slice(`msg_verify_${s.id.replaceAll("-", "")}_`.length);
        if (s.status === "VERIFIED") return await q.markCancelled(this.d.db, d.id, "already verified", started);
        if (s.verify_nonce !== nonce) return await q.markCancelled(this.d.db, d.id, "a newer confirmation was sent", started);
        const cl = confirmLinks(keys, page, s.id, nonce, s.verify_sent_at ?? started);
        result = await channel.sendVerification({ ...base, confirmUrl: cl.confirm, code: smsCode(keys, s.id, nonce), codeUrl: cl.code });
        if (result.ok && channel.verification === "test-delivery") await markVerified(this.d.db, s.id, this.now());
      } else {
        const rendered = await this.renderedFor(d.event_id);
        if (!rendered) return await q.markCancelled(this.d.db, d.id, "event deleted", started);
        if (s.channel === emailChannel.type && !(await takeMail("ALERT_EMAILS_PER_HOUR", page.account_id)).ok) return await this.overMailBudget(c, page.account_id);
        result = await channel.send(base, rendered.messages[s.channel] ?? (await channel.render(rendered.payload)));
      }
    } catch (err) {
      result = { ok: false, error: `internal: ${(err as Error).message.slice(0, 160)}` };
    }
    try {
      await this.record(c, result, started);
    } catch (err) {
      // The store blinked: the lease runs out and a worker takes the delivery again (at least once).
      log.error({ worker: this.owner, delivery: c.delivery.id, err: (err as Error).message }, "recording a delivery failed");
    }
  }

  private async record(c: q.Claimed, r: SendResult, started: number): Promise<void> {
    const { delivery: d, subscriber: s } = c;
    const now = this.now();
    const fields = { worker: this.owner, delivery: d.id, subscriber: s.id, channel: s.channel, host: d.host, event: d.event_type, attempt: d.attempts + 1, ms: now - started };
    if (r.ok) {
      log.info({ ...fields, outcome: "sent", code: r.code }, "delivery attempt");
      this.sent.push(d.id);
      if (this.sent.length >= 200) await this.flush();
      else this.flushTimer ??= setTimeout(() => void this.flush(), this.options.flushMs);
      return;
    }
    const dead = r.permanent || now - d.created_at >= this.options.deadAfterMs;
    const next = dead ? now : now + backoffMs(d.attempts + 1, r.retryAfterSeconds, this.options, this.d.random);
    log.info({ ...fields, outcome: dead ? "dead" : "retry", code: r.code, error: r.error, retryInMs: dead ? undefined : next - now }, "delivery attempt");
    await q.markFailed(this.d.db, d.id, { status: dead ? DELIVERY.DEAD : DELIVERY.RETRYING, next_attempt_at: next, last_error: r.error, response_code: r.code ?? null }, now);
    if (r.gone) {
      await endSubscription(this.d.db, s.id, "gone", now);
      log.info({ ...fields }, "subscriber unsubscribed by 410 Gone");
      return;
    }
    if (d.event_type === VERIFY_EVENT) return;
    const since = await q.noteFailing(this.d.db, s.id, now);
    if (now - since >= this.options.disableAfterMs) await this.disable(s, now);
  }

  /**
   * Over the account's e-mails for this hour: recorded dead with the reason (listed with the update's deliveries),
   * not sent and not retried. Sent an hour late, a status e-mail would be stale news, and a flood would only be
   * postponed, not stopped. The subscriber is not at fault: its failing streak is left alone.
   */
  private async overMailBudget(c: q.Claimed, accountId: string): Promise<void> {
    const now = this.now();
    const error = `not sent: the account's e-mail limit (${limitOf("ALERT_EMAILS_PER_HOUR")} an hour) was reached`;
    log.warn({ worker: this.owner, delivery: c.delivery.id, account: accountId, event: c.delivery.event_type }, "e-mail over the account's hourly limit, recorded dead");
    await q.markFailed(this.d.db, c.delivery.id, { status: DELIVERY.DEAD, next_attempt_at: now, last_error: error, response_code: null }, now);
  }

  private async disable(s: Subscriber, now: number): Promise<void> {
    await endSubscription(this.d.db, s.id, "disabled", now);
    log.warn({ worker: this.owner, subscriber: s.id, channel: s.channel }, "subscriber disabled after failing for 3 days");
    const contact = channelOf(s.channel).contact;
    const to = contact === "self" ? s.target : contact === "optional" ? s.contact_email : null;
    const page = await this.page(s.status_page_id);
    if (!to || !this.d.mailer || !page) return;
    try {
      const mail = await renderDisabledEmail(page.name, s.target, pageAddress(page, env.HELIOGRAPH_PUBLIC_URL), page.locale);
      await this.d.mailer.send({ to, ...mail, messageId: `<disabled_${s.id}@${this.d.mailer.fromAddress.split("@")[1] ?? "heliograph.local"}>` });
    } catch (err) {
      log.warn({ worker: this.owner, subscriber: s.id, err: (err as Error).message }, "could not send the disabled notice");
    }
  }

  /** Records the successes so far; resolves once every earlier flush is written too (drain and stop rely on it). */
  private flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const batch = this.sent.splice(0);
    this.flushing = this.flushing.then(() => (batch.length > 0 ? this.writeSent(batch) : undefined));
    return this.flushing;
  }

  private async writeSent(batch: string[]): Promise<void> {
    try {
      await q.markSent(this.d.db, batch, this.now());
    } catch (err) {
      // Not recorded: the lease runs out and the rows are sent again with the same idempotency key.
      log.error({ worker: this.owner, err: (err as Error).message, count: batch.length }, "recording sent deliveries failed");
    }
  }
}
