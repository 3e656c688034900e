import "server-only";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { defaultGuard } from "@/lib/outbound";
import { processSlot } from "@/lib/runtime/process-state";
import { createMailer, type Mailer } from "@/lib/notifications/channels/email";
import type { SmsConfig } from "@/lib/notifications/channels/sms";
import { NotificationWorker, type WorkerOptions } from "./worker";
import { hostLimit } from "./options";

function mailerFromEnv(): Mailer | null {
  if (!env.SMTP_HOST) return null;
  // One SMTP connection per delivery the worker lets run at once to the relay.
  const connections = hostLimit("smtp", env.HELIOGRAPH_WORKER_HOST_CONCURRENCY);
  return createMailer({ host: env.SMTP_HOST, port: env.SMTP_PORT, secure: env.SMTP_SECURE, user: env.SMTP_USER, password: env.SMTP_PASSWORD, from: env.SMTP_FROM, connections });
}

function smsFromEnv(): SmsConfig | null {
  if (!env.SMS_API_BASE_URL || !env.SMS_ACCOUNT_SID || !env.SMS_AUTH_TOKEN || !env.SMS_FROM) return null;
  return { baseUrl: env.SMS_API_BASE_URL, accountSid: env.SMS_ACCOUNT_SID, authToken: env.SMS_AUTH_TOKEN, from: env.SMS_FROM };
}

/** A worker configured from the environment (the web process's in-process worker and `npm run worker`). */
export function workerFromEnv(db: Db, overrides: Partial<WorkerOptions> = {}): NotificationWorker {
  return new NotificationWorker(
    { db, guard: defaultGuard(), mailer: mailerFromEnv(), sms: smsFromEnv() },
    { leaseMs: env.HELIOGRAPH_WORKER_LEASE_SECONDS * 1000, concurrency: env.HELIOGRAPH_WORKER_CONCURRENCY, hostConcurrency: env.HELIOGRAPH_WORKER_HOST_CONCURRENCY, ...overrides },
  );
}

const slot = processSlot<NotificationWorker>("notification-worker");

/** Starts the in-process worker once per process. */
export function startInProcessWorker(db: Db): NotificationWorker {
  return slot.getOrCreate(() => {
    const worker = workerFromEnv(db);
    worker.start();
    return worker;
  });
}
