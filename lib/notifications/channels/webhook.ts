import { Webhook } from "standardwebhooks";
import { OutboundRefusedError, postChecked } from "@/lib/outbound";
import { normalizeTarget } from "@/lib/subscriptions/targets";
import { personalize } from "../render";
import { classifyHttp, type ChannelDeps, type MessageContext, type ChannelAdapter, type SendResult } from "./types";

/** POSTs JSON to the subscriber's URL, checked again by the SSRF guard now (DNS may have changed since sign-up). */
export async function postJson(deps: ChannelDeps, url: string, body: string, headers: Record<string, string>): Promise<SendResult> {
  let checked;
  try {
    checked = await deps.guard.check(url);
  } catch (err) {
    if (err instanceof OutboundRefusedError) return { ok: false, permanent: !/cannot be resolved/.test(err.message), error: `refused: ${err.message}` };
    throw err;
  }
  try {
    const res = await postChecked(deps.guard, checked, body, { headers: { "content-type": "application/json", "user-agent": "Heliograph-Webhooks/1", ...headers }, timeoutMs: deps.timeoutMs });
    return classifyHttp(res.status, res.retryAfterSeconds, res.snippet);
  } catch (err) {
    const e = err as { code?: string; message?: string };
    return { ok: false, error: `${e.code ?? "network"}: ${(e.message ?? "").slice(0, 160)}` };
  }
}

/** Standard Webhooks headers: webhook-id is the idempotency key, so a retried delivery is recognisable. */
function signed(ctx: MessageContext, body: string): Record<string, string> | null {
  const secret = ctx.deps.secretOf(ctx.subscriber);
  if (!secret) return null;
  const ts = new Date();
  return {
    "webhook-id": ctx.idempotencyKey,
    "webhook-timestamp": String(Math.floor(ts.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(ctx.idempotencyKey, ts, body),
    "idempotency-key": ctx.idempotencyKey,
  };
}

export const webhookChannel: ChannelAdapter = {
  validate: (raw, guard) => normalizeTarget("WEBHOOK", raw, guard),

  async sendVerification(ctx) {
    const body = JSON.stringify({
      meta: { event: "subscription.test", manage: ctx.links.manage, unsubscribe: ctx.links.unsubscribe, generated_at: new Date().toISOString() },
      page: { id: ctx.page.id, name: ctx.page.name, url: ctx.page.address },
    });
    const headers = signed(ctx, body);
    if (!headers) return { ok: false, permanent: true, error: "subscriber has no signing secret" };
    return postJson(ctx.deps, ctx.subscriber.target, body, headers);
  },

  async send(ctx, rendered) {
    const body = personalize(rendered.webhook, ctx.links, "json");
    const headers = signed(ctx, body);
    if (!headers) return { ok: false, permanent: true, error: "subscriber has no signing secret" };
    return postJson(ctx.deps, ctx.subscriber.target, body, headers);
  },
};
