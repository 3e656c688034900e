import "server-only";
import { randomUUID } from "node:crypto";
import { env } from "@/lib/env";
import { createMailer } from "@/lib/notifications/channels/email";
import { escapeHtml } from "@/lib/text/escape";

/**
 * The console's own messages (invitations, password resets), sent at once rather than through the subscribers'
 * outbox: the operator is waiting for them. False when no SMTP server is configured (the caller shows the link).
 */
export async function sendConsoleMail(to: string, subject: string, intro: string, url: string): Promise<boolean> {
  if (!env.SMTP_HOST) return false;
  const mailer = createMailer({ host: env.SMTP_HOST, port: env.SMTP_PORT, secure: env.SMTP_SECURE, user: env.SMTP_USER, password: env.SMTP_PASSWORD, from: env.SMTP_FROM, connections: 1 });
  try {
    const domain = mailer.fromAddress.split("@")[1] || "heliograph.local";
    await mailer.send({
      to,
      subject,
      text: `${intro}\n\n${url}\n\nIf you did not expect this message, ignore it.\n`,
      html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p><p>If you did not expect this message, ignore it.</p>`,
      messageId: `<console-${randomUUID()}@${domain}>`,
    });
    return true;
  } finally {
    mailer.close();
  }
}
