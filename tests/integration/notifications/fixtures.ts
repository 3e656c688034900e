import { newAccount } from "../../setup/db";
import { createIncident } from "@/lib/incidents/service";
import { createService } from "@/lib/services/service";
import { createPage } from "@/lib/status-pages/service";
import { createGuard } from "@/lib/outbound";

/** An account with one page listing three services. */
export async function pageWithServices(slug: string) {
  const ctx = await newAccount(`acct ${slug}`);
  const services = [];
  for (const name of ["API", "Dashboard", "Billing"]) services.push(await createService(ctx.db, ctx.accountId, { name }));
  const page = await createPage(ctx.db, ctx.accountId, { name: `Page ${slug}`, url: slug, cards: [{ name: "Core", services: services.map((s) => ({ id: s.id })) }] });
  return { ...ctx, page, services };
}

/**
 * A quiet incident that already puts the service in major outage: a later MAJOR incident on it changes no
 * component's status, so the only message it sends is the incident update (tests about that message alone).
 */
export async function alreadyDown(db: Db, accountId: string, serviceId: string) {
  await createIncident(db, accountId, { name: "Already down", severity: "CRITICAL", serviceIds: [serviceId], update: { description: "quiet" } });
}

/** Loopback receivers are reachable only through the allow-list, as an operator would configure it. */
export const loopbackGuard = () => createGuard({ allow: "127.0.0.1" });

import type { Db } from "@/lib/db";
import { createMailer } from "@/lib/notifications/channels/email";
import { NotificationWorker, type WorkerOptions } from "@/lib/notifications/worker/worker";
import type { SmsConfig } from "@/lib/notifications/channels/sms";

const mailers: { close(): void }[] = [];
/** Closes the pooled SMTP connections of the test workers (the SMTP peer waits for them on close). */
export function closeMailers(): void {
  for (const m of mailers.splice(0)) m.close();
}

/** A worker sending to loopback peers, with retries in milliseconds instead of minutes. */
export function testWorker(db: Db, opts: { smtpPort?: number; sms?: SmsConfig; worker?: Partial<WorkerOptions>; now?: () => number } = {}) {
  const mailer = opts.smtpPort ? createMailer({ host: "127.0.0.1", port: opts.smtpPort, secure: false, from: "Heliograph <status@example.test>" }) : null;
  if (mailer) mailers.push(mailer);
  return new NotificationWorker({ db, guard: loopbackGuard(), mailer, sms: opts.sms ?? null, now: opts.now }, { baseDelayMs: 20, maxDelayMs: 100, pollMs: 20, ...opts.worker });
}

/** Deliveries of a page, with their subscriber's address. */
export async function deliveriesOf(db: Db, pageId: string, eventType?: string) {
  let q = db
    .selectFrom("notification_deliveries as d")
    .innerJoin("subscribers as s", "s.id", "d.subscriber_id")
    .where("s.status_page_id", "=", pageId)
    .selectAll("d")
    .select(["s.target", "s.channel"]);
  if (eventType) q = q.where("d.event_type", "=", eventType);
  return q.orderBy("d.created_at").execute();
}
