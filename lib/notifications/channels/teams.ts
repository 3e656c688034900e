import { translator } from "@/lib/i18n";
import { markdownToText } from "@/lib/markdown";
import type { EventPayload } from "./payload";
import type { TimeStyle } from "@/lib/time/format";
import { componentFlip, headline, MANAGE_PLACEHOLDER, messageLocale, messageStyle, messageWords, personalize, statusText, whenText } from "./render";
import { normalizeUrl } from "./address";
import { POSTS_TO_A_URL, type ChannelModule } from "./types";
import { postJson } from "./webhook";

/*
 * Microsoft Teams: an Adaptive Card posted to a Workflows ("When a Teams webhook request is received") or
 * legacy incoming-webhook URL. Every text the page's users wrote goes into a TextRun, which Teams shows
 * as typed (no Markdown, no mentions): that is this platform's escaping.
 */
const COLOUR: Record<string, string> = {
  INVESTIGATING: "attention", IDENTIFIED: "warning", MONITORING: "accent", RESOLVED: "good", SCHEDULED: "accent", IN_PROGRESS: "warning", COMPLETED: "good",
  OPERATIONAL: "good", DEGRADED_PERFORMANCE: "warning", PARTIAL_OUTAGE: "warning", MAJOR_OUTAGE: "attention", UNDER_MAINTENANCE: "accent",
};

const run = (text: string, style: Record<string, string | boolean> = {}) => ({ type: "TextRun", text, ...style });
const line = (...inlines: ReturnType<typeof run>[]) => ({ type: "RichTextBlock", inlines });

/** The message envelope Teams webhooks take: one Adaptive Card attachment. */
function message(body: unknown[], actions: { title: string; url: string }[]) {
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          msteams: { width: "Full" },
          body,
          actions: actions.map((a) => ({ type: "Action.OpenUrl", ...a })),
        },
      },
    ],
  };
}

function teamsCard(p: EventPayload, style: TimeStyle = messageStyle(p)) {
  const text = markdownToText(p.body).slice(0, 4000);
  const t = messageWords(p);
  const affects = translator(messageLocale(p), "email");
  return message(
    [
      line(run(p.page.name.slice(0, 200), { isSubtle: true })),
      line(run(headline(p).slice(0, 300), { size: "Large", weight: "Bolder" })),
      line(run(statusText(p.status, messageLocale(p)), { weight: "Bolder", color: COLOUR[p.status] ?? "default" }), run(` · ${whenText(p, style)}`, { isSubtle: true })),
      ...(p.services.length > 0 ? [line(run(affects("affects", { services: p.services.map((s) => s.name).join(", ") }).slice(0, 1000), { isSubtle: true }))] : []),
      ...(text ? [line(run(text))] : []),
    ],
    [
      { title: t("viewPage"), url: p.page.address },
      { title: t("manage"), url: MANAGE_PLACEHOLDER },
    ],
  );
}

/** "{name} is now {status}" cut around its two values, so each keeps its own TextRun style in every language. */
function flipParts(template: string): { text: string; part: "name" | "status" | "glue" }[] {
  return template.split(/(\u0001|\u0002)/).filter(Boolean).map((text) => ({ text, part: text === "\u0001" ? "name" : text === "\u0002" ? "status" : "glue" }));
}

/** A component's flip: "Payouts is now Partial outage", the status coloured, every text in a TextRun. */
function teamsComponentCard(p: EventPayload, style: TimeStyle = messageStyle(p)) {
  const f = componentFlip(p);
  const t = messageWords(p);
  const runs = flipParts(t("isNow", { name: "\u0001", status: "\u0002" })).map(({ text, part }) =>
    part === "name"
      ? run(f.name.slice(0, 300), { size: "Large", weight: "Bolder" })
      : part === "status"
        ? run(f.nowText, { size: "Large", weight: "Bolder", color: COLOUR[f.now] ?? "default" })
        : run(text, { size: "Large" }),
  );
  return message(
    [
      line(run(p.page.name.slice(0, 200), { isSubtle: true })),
      line(...runs),
      line(run(`${t("was", { status: f.wasText })} · ${whenText(p, style)}`, { isSubtle: true })),
    ],
    [
      { title: t("viewPage"), url: p.page.address },
      { title: t("manage"), url: MANAGE_PLACEHOLDER },
    ],
  );
}

export const teamsChannel: ChannelModule<"TEAMS", string> = {
  type: "TEAMS",
  form: {
    label: "Microsoft Teams",
    field: "Teams workflow or incoming-webhook URL",
    inputType: "url",
    placeholder: "https://….logic.azure.com/workflows/…",
    hint: "Create it in the channel with Workflows: “Post to a channel when a webhook request is received”.",
    autoComplete: "off",
    done: "We are posting a test card to the Teams channel. Updates start as soon as Teams accepts it.",
  },
  ...POSTS_TO_A_URL,
  signed: false,
  // Workflow URLs live on several Azure and Power Platform hosts: https is checked, the host is not.
  normalize: (raw, guard) => normalizeUrl(raw, guard, { httpsOnly: true }),
  render: (p) => JSON.stringify(p.kind === "component.update" ? teamsComponentCard(p) : teamsCard(p)),

  sendVerification(ctx) {
    const t = translator(ctx.page.locale, "chatTest");
    const card = message([line(run(t("receives", { name: ctx.page.name })))], [
      { title: t("viewPage"), url: ctx.page.address },
      { title: t("manage"), url: ctx.links.manage },
    ]);
    return postJson(ctx.deps, ctx.subscriber.target, JSON.stringify(card), { "idempotency-key": ctx.idempotencyKey });
  },

  send(ctx, rendered) {
    return postJson(ctx.deps, ctx.subscriber.target, personalize(rendered, ctx.links, "json"), { "idempotency-key": ctx.idempotencyKey });
  },
};
