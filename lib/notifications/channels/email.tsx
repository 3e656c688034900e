import { randomBytes } from "node:crypto";
import type { ReactNode } from "react";
import nodemailer from "nodemailer";
import { env } from "@/lib/env";
import { translator } from "@/lib/i18n";
import { localeOf } from "@/lib/time/locale";
import { renderMarkdown } from "@/lib/markdown";
import type { EventPayload } from "./payload";
import type { TimeStyle } from "@/lib/time/format";
import { headline, MANAGE_PLACEHOLDER, messageLocale, messageStyle, personalize, statusText, UNSUBSCRIBE_PLACEHOLDER, whenText } from "./render";
import { normalizeEmail } from "./address";
import { INCIDENT_AND_MAINTENANCE, type ChannelModule, type Mailer, type MessageContext, type OutgoingMail, type SendResult } from "./types";

export type { Mailer, OutgoingMail } from "./types";

interface MailConfig {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  password?: string;
  from: string;
  /** parallel SMTP connections */
  connections?: number;
}

const ASCII_LINE = /^[\x20-\x7e]*$/;

/** An RFC 2047 encoded header value, in words of at most 45 bytes (60 base64 characters), split between code points. */
function encodeWords(value: string): string {
  if (ASCII_LINE.test(value)) return value;
  const words: string[] = [];
  let word = "";
  for (const ch of value) {
    if (Buffer.byteLength(word + ch) > 45) {
      words.push(word);
      word = "";
    }
    word += ch;
  }
  words.push(word);
  return words.map((w) => `=?UTF-8?B?${Buffer.from(w).toString("base64")}?=`).join("\r\n ");
}

/** `Name <address>` (or a bare address) as a From header: the name quoted or encoded; null when the address is not ASCII. */
function fromHeader(from: string): string | null {
  const m = /^\s*(.*?)\s*<([^<>]+)>\s*$/.exec(from);
  const address = (m?.[2] ?? from).trim();
  if (!ASCII_LINE.test(address) || /[\s<>]/.test(address)) return null;
  const name = (m?.[1] ?? "").replace(/^"(.*)"$/, "$1");
  if (!name) return address;
  if (!ASCII_LINE.test(name)) return `${encodeWords(name)} <${address}>`;
  return `"${name.replace(/[\\"]/g, "\\$&")}" <${address}>`;
}

/** Base64 in lines of 76 characters: one regular-expression pass (a slice per line and a join allocated a third of a send). */
const base64Lines = (text: string) => Buffer.from(text).toString("base64").replace(/.{76}(?!$)/g, "$&\r\n");

/**
 * The whole message as one string (multipart/alternative, base64 parts), handed to the pool as `raw` for one write:
 * nodemailer's composer streams each message through transforms in small writes, costing several times the SMTP
 * exchange at thousands a second. Null when a value is not one line of ASCII (an international address): nodemailer's.
 */
function composeRaw(from: string, boundary: string, m: OutgoingMail): string | null {
  const extra = Object.entries(m.headers ?? {});
  if (![m.to, m.messageId, ...extra.flat()].every((v) => ASCII_LINE.test(v))) return null;
  const head = [
    `From: ${from}`,
    `To: ${m.to}`,
    `Subject: ${encodeWords(m.subject.replace(/[\r\n]+/g, " "))}`,
    `Message-ID: ${m.messageId}`,
    `Date: ${new Date().toUTCString().replace(/GMT$/, "+0000")}`,
    "MIME-Version: 1.0",
    ...extra.map(([k, v]) => `${k}: ${v}`),
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  const part = (type: string, body: string) => [`--${boundary}`, `Content-Type: ${type}; charset=utf-8`, "Content-Transfer-Encoding: base64", "", base64Lines(body)].join("\r\n");
  return `${head.join("\r\n")}\r\n\r\n${part("text/plain", m.text)}\r\n${part("text/html", m.html)}\r\n--${boundary}--\r\n`;
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
  const from = fromHeader(cfg.from);
  // Base64 text never holds "=_", so one boundary serves every message.
  const boundary = `=_hg_${randomBytes(12).toString("hex")}`;
  return {
    from: cfg.from,
    fromAddress,
    async send(m) {
      const raw = from && composeRaw(from, boundary, m);
      // messageId: the raw text carries it already; given here, nodemailer does not draw a random one of its own (profiled).
      if (raw) await transport.sendMail({ envelope: { from: fromAddress, to: [m.to] }, raw, messageId: m.messageId });
      else await transport.sendMail({ from: cfg.from, to: m.to, subject: m.subject, html: m.html, text: m.text, messageId: m.messageId, headers: m.headers, textEncoding: "base64" });
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

/** RFC 8058 one-click only: no mailto, which would need an inbound mail server (see the README). */
function unsubscribeHeaders(ctx: MessageContext): Record<string, string> {
  return { "List-Unsubscribe": `<${ctx.links.unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

const messageId = (mailer: Mailer, key: string) => `<${key}@${domainOf(mailer.fromAddress)}>`;

interface EmailMessage {
  subject: string;
  html: string;
  text: string;
}

/** One header line: a name or title with a line break must not start a header of its own. */
const subjectLine = (s: string) => s.replace(/[\r\n]+/g, " ").slice(0, 250);

/**
 * React, react-email's renderer and the templates load with the first e-mail rendered, not with everything that
 * imports the channel registry: a worker with no e-mail to send, and the web process, never pay for them.
 */
let templates: Promise<{ createElement: typeof import("react").createElement; render: typeof import("@react-email/render"); t: typeof import("./email-templates") }> | null = null;

function loadTemplates() {
  templates ??= Promise.all([import("react"), import("@react-email/render"), import("./email-templates")]).then(([react, render, t]) => ({ createElement: react.createElement, render, t }));
  templates.catch(() => (templates = null));
  return templates;
}

/** A template's HTML and its plain-text part. */
async function renderEmail<P extends object>(pick: (t: typeof import("./email-templates")) => (props: P) => ReactNode, props: P): Promise<{ html: string; text: string }> {
  const { createElement, render, t } = await loadTemplates();
  const html = await render.render(createElement(pick(t), props));
  return { html, text: render.toPlainText(html) };
}

/** The message of any event kind: incident updates (any status) and maintenance start, end and reminders. */
async function renderEventEmail(p: EventPayload, style: TimeStyle = messageStyle(p)): Promise<EmailMessage> {
  const title = headline(p);
  const label = statusText(p.status, messageLocale(p));
  const body = await renderEmail((t) => t.EventEmail, {
    locale: messageLocale(p),
    pageName: p.page.name,
    pageUrl: p.page.address,
    title,
    statusLabel: label,
    when: whenText(p, style),
    services: p.services.map((s) => s.name),
    bodyHtml: renderMarkdown(p.body),
    manageUrl: MANAGE_PLACEHOLDER,
    unsubscribeUrl: UNSUBSCRIBE_PLACEHOLDER,
  });
  return { subject: subjectLine(`[${p.page.name}] ${title}: ${label}`), ...body };
}

export async function renderConfirmEmail(pageName: string, confirmUrl: string, locale?: string): Promise<EmailMessage> {
  const l = localeOf(locale);
  const body = await renderEmail((t) => t.ConfirmEmail, { pageName, confirmUrl, locale: l });
  return { subject: subjectLine(translator(l, "confirmMessage")("subject", { name: pageName })), ...body };
}

export async function renderDisabledEmail(pageName: string, target: string, pageUrl: string, locale?: string): Promise<EmailMessage> {
  const l = localeOf(locale);
  const body = await renderEmail((t) => t.DisabledEmail, { pageName, target, pageUrl, locale: l });
  return { subject: subjectLine(translator(l, "disabledMessage")("subject", { name: pageName })), ...body };
}

const notConfigured: SendResult = { ok: false, permanent: true, error: "e-mail is not configured on this server (SMTP_HOST)" };

export const emailChannel: ChannelModule<"EMAIL", EmailMessage> = {
  type: "EMAIL",
  form: {
    label: "E-mail",
    field: "E-mail address",
    inputType: "email",
    placeholder: "you@example.com",
    hint: "We send a link to confirm the address first.",
    autoComplete: "email",
    done: "Check your inbox. Unless {address} is already subscribed, a confirmation link is on its way; it works for 24 hours.",
  },
  available: () => Boolean(env.SMTP_HOST),
  verification: "link",
  contact: "self",
  signed: false,
  // no component flips: a mailbox or a phone is not a monitoring feed
  events: INCIDENT_AND_MAINTENANCE,
  normalize: async (raw) => ({ target: normalizeEmail(raw), destHost: "smtp" }),
  render: (p) => renderEventEmail(p),

  async sendVerification(ctx) {
    const mailer = ctx.deps.mailer;
    if (!mailer) return notConfigured;
    const mail = await renderConfirmEmail(ctx.page.name, ctx.confirmUrl, ctx.page.locale);
    try {
      await mailer.send({ to: ctx.subscriber.target, ...mail, messageId: messageId(mailer, ctx.idempotencyKey), headers: { "Idempotency-Key": ctx.idempotencyKey } });
      return { ok: true };
    } catch (err) {
      return smtpFailure(err);
    }
  },

  async send(ctx, rendered) {
    const mailer = ctx.deps.mailer;
    if (!mailer) return notConfigured;
    try {
      await mailer.send({
        to: ctx.subscriber.target,
        subject: rendered.subject,
        html: personalize(rendered.html, ctx.links, "html"),
        text: personalize(rendered.text, ctx.links, "text"),
        messageId: messageId(mailer, ctx.idempotencyKey),
        headers: { ...unsubscribeHeaders(ctx), "Idempotency-Key": ctx.idempotencyKey },
      });
      return { ok: true };
    } catch (err) {
      return smtpFailure(err);
    }
  },
};
