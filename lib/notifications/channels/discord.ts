import { translator } from "@/lib/i18n";
import { markdownToText } from "@/lib/markdown";
import type { EventPayload } from "./payload";
import type { TimeStyle } from "@/lib/time/format";
import { componentFlip, headline, iso, MANAGE_PLACEHOLDER, messageLocale, messageStyle, messageWords, personalize, statusText, whenText } from "./render";
import { normalizeUrl } from "./address";
import { classifyHttp, POSTS_TO_A_URL, type ChannelModule, type SendResult } from "./types";
import { postJson } from "./webhook";

/*
 * Discord: an execute-webhook call with one embed coloured by status. Text the page's users wrote has every
 * Markdown character backslash-escaped (no masked links, mentions or formatting), and allowed_mentions
 * parses nothing, so no @everyone, role or user ping can come from an incident name.
 */
const COLOUR: Record<string, number> = {
  INVESTIGATING: 0xe5484d,
  IDENTIFIED: 0xf76b15,
  MONITORING: 0xffb224,
  RESOLVED: 0x30a46c,
  SCHEDULED: 0x0090ff,
  IN_PROGRESS: 0x0090ff,
  COMPLETED: 0x30a46c,
  OPERATIONAL: 0x30a46c,
  DEGRADED_PERFORMANCE: 0xffb224,
  PARTIAL_OUTAGE: 0xf76b15,
  MAJOR_OUTAGE: 0xe5484d,
  UNDER_MAINTENANCE: 0x0090ff,
};

const md = (s: string) => s.replace(/[\\`*_~|<>#[\]()@:.+!-]/g, "\\$&");

// Discord shows `timestamp` in each reader's zone; the fields say the time in the page's zone, named.
function discordBody(p: EventPayload, style: TimeStyle = messageStyle(p)) {
  const t = messageWords(p);
  const fields = [
    { name: t("status"), value: md(statusText(p.status, messageLocale(p))), inline: true },
    { name: p.maintenance ? t("scheduled") : t("posted"), value: md(whenText(p, style)), inline: true },
  ];
  if (p.services.length > 0) fields.push({ name: t("affected"), value: md(p.services.map((s) => s.name).join(", ").slice(0, 500)), inline: true });
  const text = md(markdownToText(p.body).slice(0, 1800));
  return {
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: md(headline(p).slice(0, 120)),
        url: p.page.address,
        description: [text, `[${md(t("manage"))}](${MANAGE_PLACEHOLDER})`].filter(Boolean).join("\n\n"),
        color: COLOUR[p.status] ?? 0x8b8d98,
        fields,
        timestamp: iso(p.at),
        footer: { text: p.page.name.slice(0, 200) },
      },
    ],
  };
}

/** A component's flip: the line as the embed's title, coloured by the new status, escaped as incident texts are. */
// The flip's time is the embed's `timestamp`, which Discord shows in each reader's own zone.
function discordComponentBody(p: EventPayload) {
  const f = componentFlip(p);
  const t = messageWords(p);
  return {
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: md(t("isNow", { name: f.name.slice(0, 120), status: f.nowText })),
        url: p.page.address,
        description: `[${md(t("manage"))}](${MANAGE_PLACEHOLDER})`,
        color: COLOUR[f.now] ?? 0x8b8d98,
        fields: [
          { name: t("status"), value: md(f.nowText), inline: true },
          { name: t("previous"), value: md(f.wasText), inline: true },
        ],
        timestamp: iso(p.at),
        footer: { text: p.page.name.slice(0, 200) },
      },
    ],
  };
}

/** Discord answers 404 (Unknown Webhook) once the webhook is deleted: the subscription is gone. 429 carries Retry-After. */
function classifyDiscord(status: number, retryAfterSeconds: number | null, snippet: string): SendResult {
  if (status === 404) return { ok: false, gone: true, permanent: true, code: status, error: "404: the Discord webhook was deleted" };
  const bodyRetry = status === 429 ? Number(/"retry_after"\s*:\s*([\d.]+)/.exec(snippet)?.[1]) : NaN;
  return classifyHttp(status, retryAfterSeconds ?? (Number.isFinite(bodyRetry) ? Math.ceil(bodyRetry) : null), snippet);
}

export const discordChannel: ChannelModule<"DISCORD", string> = {
  type: "DISCORD",
  form: {
    label: "Discord",
    field: "Discord webhook URL",
    inputType: "url",
    placeholder: "https://discord.com/api/webhooks/…",
    hint: "Channel settings → Integrations → Webhooks → New Webhook → Copy Webhook URL.",
    autoComplete: "off",
    done: "We are posting a test message to the Discord channel. Updates start as soon as Discord accepts it.",
  },
  ...POSTS_TO_A_URL,
  signed: false,
  normalize: (raw, guard) => normalizeUrl(raw, guard, { httpsOnly: true, hosts: /^((ptb|canary)\.)?discord(app)?\.com$/, what: "a Discord webhook URL (discord.com)" }),
  render: (p) => JSON.stringify(p.kind === "component.update" ? discordComponentBody(p) : discordBody(p)),

  sendVerification(ctx) {
    const t = translator(ctx.page.locale, "chatTest");
    const body = {
      allowed_mentions: { parse: [] },
      embeds: [{ title: md(t("title", { name: ctx.page.name }).slice(0, 200)), url: ctx.page.address, description: `${md(t("receives", { name: ctx.page.name }))} [${md(t("manage"))}](${ctx.links.manage})`, color: 0x0090ff }],
    };
    return postJson(ctx.deps, ctx.subscriber.target, JSON.stringify(body), { "idempotency-key": ctx.idempotencyKey }, classifyDiscord);
  },

  send(ctx, rendered) {
    return postJson(ctx.deps, ctx.subscriber.target, personalize(rendered, ctx.links, "json"), { "idempotency-key": ctx.idempotencyKey }, classifyDiscord);
  },
};
