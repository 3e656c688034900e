import { env } from "@/lib/env";
import { translator } from "@/lib/i18n";
import { parseRetryAfter } from "@/lib/outbound";
import type { EventPayload } from "./payload";
import type { TimeStyle } from "@/lib/time/format";
import { headline, messageLocale, messageStyle, shortWhenText, statusText } from "./render";
import { normalizePhone } from "./address";
import { fitHead, fitsOneSegment, plainPunctuation } from "./sms-segments";
import { INCIDENT_AND_MAINTENANCE, type ChannelModule, type SendResult, type SmsConfig } from "./types";

export type { SmsConfig } from "./types";

async function sendSms(cfg: SmsConfig | null, to: string, body: string, idempotencyKey: string, timeoutMs: number): Promise<SendResult> {
  if (!cfg) return { ok: false, permanent: true, error: "SMS is not configured on this server (SMS_API_BASE_URL)" };
  const url = `${cfg.baseUrl.replace(/\/$/, "")}/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json`;
  try {
    const res = await fetch(url, {
      method: "POST",
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        authorization: `Basic ${Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
        "i-twilio-idempotency-token": idempotencyKey,
        "idempotency-key": idempotencyKey,
      },
      body: new URLSearchParams({ To: to, From: cfg.from, Body: body.slice(0, 160) }).toString(),
    });
    await res.arrayBuffer().catch(() => undefined);
    if (res.ok) return { ok: true, code: res.status };
    // 4xx other than 408/429 means the provider refused this message (bad number, opted out): no retry.
    const permanent = res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429;
    return { ok: false, permanent, code: res.status, retryAfterSeconds: parseRetryAfter(res.headers.get("retry-after") ?? undefined), error: `SMS provider answered ${res.status}` };
  } catch (err) {
    return { ok: false, error: `SMS provider unreachable: ${(err as Error).message.slice(0, 120)}` };
  }
}

/**
 * One SMS segment (160 GSM characters, or 70 when any character needs UCS-2: lib/notifications/channels/sms-segments.ts):
 * the title is cut so the status, the time in the page's zone and the link always fit; when even those do not,
 * the link alone.
 */
export function smsText(p: EventPayload, style: TimeStyle = messageStyle(p)): string {
  const tail = ` - ${statusText(p.status, messageLocale(p))}, ${shortWhenText(p, style)}. ${p.page.address}`;
  return fitHead(plainPunctuation(`${p.page.name}: ${headline(p)}`), plainPunctuation(tail)) ?? p.page.address;
}

/** The sign-up code, in the page's language; without the page's name and link when they would not fit one segment. */
export function smsCodeText(code: string, pageName: string, codeUrl: string, locale?: string): string {
  const t = translator(locale, "confirmMessage");
  const text = plainPunctuation(t("sms", { code, name: pageName, url: codeUrl }));
  return fitsOneSegment(text) ? text : plainPunctuation(t("smsShort", { code }));
}

export const smsChannel: ChannelModule<"SMS", string> = {
  type: "SMS",
  form: {
    label: "Text message",
    field: "Mobile number (with country code)",
    inputType: "tel",
    placeholder: "+14155550123",
    hint: "We text you a code to confirm the number.",
    autoComplete: "tel",
    done: "Unless this number is already subscribed, we are texting a 6-digit code to {address}.",
  },
  available: () => Boolean(env.SMS_API_BASE_URL && env.SMS_ACCOUNT_SID && env.SMS_AUTH_TOKEN && env.SMS_FROM),
  verification: "code",
  contact: "none",
  signed: false,
  // no component flips: a mailbox or a phone is not a monitoring feed
  events: INCIDENT_AND_MAINTENANCE,
  normalize: async (raw) => ({ target: normalizePhone(raw), destHost: "sms" }),
  render: (p) => smsText(p),

  sendVerification(ctx) {
    return sendSms(ctx.deps.sms, ctx.subscriber.target, smsCodeText(ctx.code, ctx.page.name, ctx.codeUrl, ctx.page.locale), ctx.idempotencyKey, ctx.deps.timeoutMs);
  },

  send(ctx, rendered) {
    return sendSms(ctx.deps.sms, ctx.subscriber.target, rendered, ctx.idempotencyKey, ctx.deps.timeoutMs);
  },
};
