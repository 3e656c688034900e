import { normalizeTarget } from "@/lib/subscriptions/targets";
import { parseRetryAfter } from "@/lib/outbound";
import type { ChannelAdapter, SendResult } from "./types";

/** A Twilio-compatible Messages API, configured by the operator (so it is exempt from the SSRF guard). */
export interface SmsConfig {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

export async function sendSms(cfg: SmsConfig | null, to: string, body: string, idempotencyKey: string, timeoutMs: number): Promise<SendResult> {
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

export const smsChannel: ChannelAdapter = {
  validate: (raw, guard) => normalizeTarget("SMS", raw, guard),

  sendVerification(ctx) {
    const text = `${ctx.code} is your code for ${ctx.page.name} status updates. ${ctx.codeUrl}`;
    return sendSms(ctx.deps.sms, ctx.subscriber.target, text.length <= 160 ? text : `${ctx.code} is your code for status updates.`, ctx.idempotencyKey, ctx.deps.timeoutMs);
  },

  send(ctx, rendered) {
    return sendSms(ctx.deps.sms, ctx.subscriber.target, rendered.sms, ctx.idempotencyKey, ctx.deps.timeoutMs);
  },
};
