import { normalizeTarget } from "@/lib/subscriptions/targets";
import { personalize } from "../render";
import type { ChannelAdapter } from "./types";
import { postJson } from "./webhook";

export const slackChannel: ChannelAdapter = {
  validate: (raw, guard) => normalizeTarget("SLACK", raw, guard),

  sendVerification(ctx) {
    const text = `This channel will receive status updates from ${ctx.page.name}.`;
    const body = JSON.stringify({
      text,
      blocks: [
        { type: "section", text: { type: "mrkdwn", text: text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;") } },
        { type: "context", elements: [{ type: "mrkdwn", text: `<${ctx.page.address}|Status page> · <${ctx.links.manage}|Manage subscription>` }] },
      ],
    });
    return postJson(ctx.deps, ctx.subscriber.target, body, { "idempotency-key": ctx.idempotencyKey });
  },

  send(ctx, rendered) {
    return postJson(ctx.deps, ctx.subscriber.target, personalize(rendered.slack, ctx.links, "json"), { "idempotency-key": ctx.idempotencyKey });
  },
};
