import { translator } from "@/lib/i18n";
import { markdownToText } from "@/lib/markdown";
import type { EventPayload } from "./payload";
import type { TimeStyle } from "@/lib/time/format";
import { componentFlip, headline, MANAGE_PLACEHOLDER, messageLocale, messageStyle, messageWords, personalize, statusText, whenText } from "./render";
import { normalizeUrl } from "./address";
import { POSTS_TO_A_URL, type ChannelModule } from "./types";
import { postJson } from "./webhook";

const slackEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Incoming-webhook message with blocks: title, status, affected services, text, links. */
export function slackBody(p: EventPayload, style: TimeStyle = messageStyle(p)) {
  const title = headline(p);
  const t = messageWords(p);
  const status = statusText(p.status, messageLocale(p));
  const fields = [
    { type: "mrkdwn", text: `*${t("status")}*\n${slackEscape(status)}` },
    { type: "mrkdwn", text: `*${p.maintenance ? t("scheduled") : t("posted")}*\n${slackEscape(whenText(p, style))}` },
  ];
  if (p.services.length > 0) fields.push({ type: "mrkdwn", text: `*${t("affected")}*\n${slackEscape(p.services.map((s) => s.name).join(", ")).slice(0, 1900)}` });
  const text = slackEscape(markdownToText(p.body)).slice(0, 2900);
  return {
    text: slackEscape(`${p.page.name}: ${title} (${status})`),
    blocks: [
      { type: "header", text: { type: "plain_text", text: title.slice(0, 150) } },
      { type: "section", fields },
      ...(text ? [{ type: "section", text: { type: "mrkdwn", text } }] : []),
      { type: "context", elements: [{ type: "mrkdwn", text: `<${p.page.address}|${slackEscape(t("namedStatusPage", { name: p.page.name }))}> · <${MANAGE_PLACEHOLDER}|${t("manage")}>` }] },
    ],
  };
}

/** Attachment colours by component status: the one way an incoming-webhook message gets a colour bar. */
const COLOUR: Record<string, string> = { OPERATIONAL: "#30a46c", DEGRADED_PERFORMANCE: "#ffb224", PARTIAL_OUTAGE: "#f76b15", MAJOR_OUTAGE: "#e5484d", UNDER_MAINTENANCE: "#0090ff" };

/** A component's flip: one line, escaped as incident texts are (no mention can form), in a bar of its status colour. */
export function slackComponentBody(p: EventPayload, style: TimeStyle = messageStyle(p)) {
  const f = componentFlip(p);
  const t = messageWords(p);
  const line = t("isNow", { name: f.name, status: f.nowText });
  return {
    text: slackEscape(`${p.page.name}: ${line}`),
    attachments: [
      {
        color: COLOUR[f.now] ?? "#8b8d98",
        blocks: [
          { type: "section", text: { type: "mrkdwn", text: slackEscape(line).slice(0, 2900) } },
          { type: "context", elements: [{ type: "mrkdwn", text: `${slackEscape(t("was", { status: f.wasText }))} · ${slackEscape(whenText(p, style))} · <${p.page.address}|${slackEscape(t("namedStatusPage", { name: p.page.name }))}> · <${MANAGE_PLACEHOLDER}|${t("manage")}>` }] },
        ],
      },
    ],
  };
}

/** The test message that verifies the incoming webhook (its first 2xx answer). */
export function slackTestMessage(page: { name: string; address: string; locale?: string }, manage: string) {
  const t = translator(page.locale, "chatTest");
  const text = t("receives", { name: page.name });
  return {
    text: slackEscape(text),
    blocks: [
      { type: "section", text: { type: "mrkdwn", text: slackEscape(text) } },
      { type: "context", elements: [{ type: "mrkdwn", text: `<${page.address}|${slackEscape(t("page"))}> · <${manage}|${slackEscape(t("manage"))}>` }] },
    ],
  };
}

export const slackChannel: ChannelModule<"SLACK", string> = {
  type: "SLACK",
  form: {
    label: "Slack",
    field: "Slack incoming-webhook URL",
    inputType: "url",
    placeholder: "https://hooks.slack.com/services/…",
    hint: "Messages go to the channel of the incoming webhook.",
    autoComplete: "off",
    done: "We are posting a test message to the Slack channel. Updates start as soon as Slack accepts it.",
  },
  ...POSTS_TO_A_URL,
  signed: false,
  normalize: (raw, guard) => normalizeUrl(raw, guard, { httpsOnly: true }),
  render: (p) => JSON.stringify(p.kind === "component.update" ? slackComponentBody(p) : slackBody(p)),

  sendVerification(ctx) {
    return postJson(ctx.deps, ctx.subscriber.target, JSON.stringify(slackTestMessage(ctx.page, ctx.links.manage)), { "idempotency-key": ctx.idempotencyKey });
  },

  send(ctx, rendered) {
    return postJson(ctx.deps, ctx.subscriber.target, personalize(rendered, ctx.links, "json"), { "idempotency-key": ctx.idempotencyKey });
  },
};
