import nodemailer from "nodemailer";
import { normalizeTarget } from "@/lib/subscriptions/targets";
import { personalize, renderConfirmEmail } from "../render";
import type { ChannelAdapter, MessageContext, SendResult } from "./types";

export interface MailConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  /** parallel SMTP connections */
  connections?: number;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  from: string;
  /** the bare address of `from`, for Message-IDs and the mailto unsubscribe */
  fromAddress: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailer(cfg: MailConfig): Mailer {
  const transport = nodemailer.createTransport({
    host: cfg.host,
    port: cfg.port,
    secure: cfg.secure,
    auth: cfg.user ? { user: cfg.user, pass: cfg.password ?? "" } : undefined,
    pool: true,
    maxConnections: cfg.connections ?? 10,
    maxMessages: Number.POSITIVE_INFINITY,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  const fromAddress = (/<([^>]+)>/.exec(cfg.from)?.[1] ?? cfg.from).trim();
  return {
    from: cfg.from,
    fromAddress,
    async send(m) {
      await transport.sendMail({ from: cfg.from, to: m.to, subject: m.subject, html: m.html, text: m.text, messageId: m.messageId, headers: m.headers });
    },
    close: () => transport.close(),
  };
}

function domainOf(address: string): string {
  return address.split("@")[1] || "heliograph.local";
}

function smtpFailure(err: unknown): SendResult {
  const e = err as { responseCode?: number; message?: string; code?: string };
  // 5xx is the server's final word on this message; 4xx and connection trouble are worth another try.
  const permanent = typeof e.responseCode === "number" && e.responseCode >= 500;
  return { ok: false, permanent, code: e.responseCode, error: `SMTP ${e.responseCode ?? e.code ?? "error"}: ${(e.message ?? "").split("\n")[0].slice(0, 160)}` };
}

export function unsubscribeHeaders(mailer: Mailer, ctx: MessageContext): Record<string, string> {
  const token = new URL(ctx.links.unsubscribe).searchParams.get("token") ?? "";
  const mailto = `mailto:${mailer.fromAddress}?subject=${encodeURIComponent(`unsubscribe ${token}`)}`;
  return { "List-Unsubscribe": `<${ctx.links.unsubscribe}>, <${mailto}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

const messageId = (mailer: Mailer, key: string) => `<${key}@${domainOf(mailer.fromAddress)}>`;

export const emailChannel: ChannelAdapter = {
  validate: (raw, guard) => normalizeTarget("EMAIL", raw, guard),

  async sendVerification(ctx) {
    const mailer = ctx.deps.mailer;
    if (!mailer) return { ok: false, permanent: true, error: "e-mail is not configured on this server (SMTP_HOST)" };
    const mail = await renderConfirmEmail(ctx.page.name, ctx.confirmUrl);
    try {
      await mailer.send({ to: ctx.subscriber.target, ...mail, messageId: messageId(mailer, ctx.idempotencyKey), headers: { "Idempotency-Key": ctx.idempotencyKey } });
      return { ok: true };
    } catch (err) {
      return smtpFailure(err);
    }
  },

  async send(ctx, rendered) {
    const mailer = ctx.deps.mailer;
    if (!mailer) return { ok: false, permanent: true, error: "e-mail is not configured on this server (SMTP_HOST)" };
    try {
      await mailer.send({
        to: ctx.subscriber.target,
        subject: rendered.email.subject,
        html: personalize(rendered.email.html, ctx.links, "html"),
        text: personalize(rendered.email.text, ctx.links, "text"),
        messageId: messageId(mailer, ctx.idempotencyKey),
        headers: { ...unsubscribeHeaders(mailer, ctx), "Idempotency-Key": ctx.idempotencyKey },
      });
      return { ok: true };
    } catch (err) {
      return smtpFailure(err);
    }
  },
};
