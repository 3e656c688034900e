import "server-only";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { registerIntegrationGauge } from "@/lib/metrics/integrations";
import { createMailer } from "@/lib/notifications/channels/email";
import { onShutdown } from "@/lib/ops/hooks";
import { processSlot } from "@/lib/runtime/process-state";
import { staleFlags, sweepStaleIntegrations } from "./stale";

const SWEEP_EVERY_MS = 60_000;
const sweep = processSlot<NodeJS.Timeout>("integration-stale-sweep");

/** The stale gauge and, once per web process, the sweep that tells operators about silent integrations. */
export function registerIntegrationOps(db: Db): void {
  registerIntegrationGauge(() => staleFlags(db).catch(() => []));
  if (sweep.get()) return;
  const mailer = env.SMTP_HOST ? createMailer({ host: env.SMTP_HOST, port: env.SMTP_PORT, secure: env.SMTP_SECURE, user: env.SMTP_USER, password: env.SMTP_PASSWORD, from: env.SMTP_FROM, connections: 1 }) : null;
  const timer = sweep.set(
    setInterval(() => {
      sweepStaleIntegrations(db, mailer).catch((err: unknown) => log.warn({ err }, "stale integration sweep failed"));
    }, SWEEP_EVERY_MS),
  );
  timer.unref();
  onShutdown(async () => {
    clearInterval(timer);
    mailer?.close();
  });
}
