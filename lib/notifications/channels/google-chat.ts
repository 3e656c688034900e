import { translator } from "@/lib/i18n";
import { markdownToText } from "@/lib/markdown";
import { escapeHtml } from "@/lib/text/escape";
import type { EventPayload } from "./payload";
import type { TimeStyle } from "@/lib/time/format";
import { componentFlip, headline, MANAGE_PLACEHOLDER, messageLocale, messageStyle, messageWords, personalize, statusText, whenText } from "./render";
import { normalizeUrl } from "./address";
import { POSTS_TO_A_URL, type ChannelModule } from "./types";
import { postJson } from "./webhook";

/*
 * Google Chat: a card (cardsV2) posted to a space's incoming webhook. Card text takes a small HTML subset,
 * so the page's texts are HTML-escaped there; the message has no `text` part, whose <users/all> syntax
 * would let an incident name mention everyone in the space.
 */
const COLOUR: Record<string, string> = {
  INVESTIGATING: "#e5484d", IDENTIFIED: "#f76b15", MONITORING: "#b57b00", RESOLVED: "#30a46c", SCHEDULED: "#0090ff", IN_PROGRESS: "#0090ff", COMPLETED: "#30a46c",
  OPERATIONAL: "#30a46c", DEGRADED_PERFORMANCE: "#b57b00", PARTIAL_OUTAGE: "#f76b15", MAJOR_OUTAGE: "#e5484d", UNDER_MAINTENANCE: "#0090ff",
};

const button = (text: string, url: string) => ({ text, onClick: { openLink: { url } } });

function card(cardId: string, header: { title: string; subtitle: string }, widgets: unknown[]) {
  return { cardsV2: [{ cardId, card: { header, sections: [{ widgets }] } }] };
}

function googleChatCard(p: EventPayload, style: TimeStyle = messageStyle(p)) {
  const text = markdownToText(p.body).slice(0, 3000);
  const t = messageWords(p);
  return card("status-update", { title: headline(p).slice(0, 200), subtitle: p.page.name.slice(0, 200) }, [
    { decoratedText: { topLabel: t("status"), text: `<font color="${COLOUR[p.status] ?? "#60646c"}"><b>${escapeHtml(statusText(p.status, messageLocale(p)))}</b></font>`, bottomLabel: escapeHtml(whenText(p, style)) } },
    ...(p.services.length > 0 ? [{ decoratedText: { topLabel: t("affected"), text: escapeHtml(p.services.map((s) => s.name).join(", ").slice(0, 1000)), wrapText: true } }] : []),
    ...(text ? [{ textParagraph: { text: escapeHtml(text) } }] : []),
    { buttonList: { buttons: [button(t("viewPage"), p.page.address), button(t("manage"), MANAGE_PLACEHOLDER)] } },
  ]);
}

/** A component's flip: the line as the card's (plain-text) title, the new status coloured, the old one under it. */
function googleChatComponentCard(p: EventPayload, style: TimeStyle = messageStyle(p)) {
  const f = componentFlip(p);
  const t = messageWords(p);
  return card("component-update", { title: t("isNow", { name: f.name.slice(0, 150), status: f.nowText }), subtitle: p.page.name.slice(0, 200) }, [
    { decoratedText: { topLabel: t("status"), text: `<font color="${COLOUR[f.now] ?? "#60646c"}"><b>${escapeHtml(f.nowText)}</b></font>`, bottomLabel: `${escapeHtml(t("was", { status: f.wasText }))} · ${escapeHtml(whenText(p, style))}` } },
    { buttonList: { buttons: [button(t("viewPage"), p.page.address), button(t("manage"), MANAGE_PLACEHOLDER)] } },
  ]);
}

export const googleChatChannel: ChannelModule<"GOOGLE_CHAT", string> = {
  type: "GOOGLE_CHAT",
  form: {
    label: "Google Chat",
    field: "Google Chat webhook URL",
    inputType: "url",
    placeholder: "https://chat.googleapis.com/v1/spaces/…/messages?key=…",
    hint: "In the space: Apps & integrations → Webhooks → Add webhook → copy its URL.",
    autoComplete: "off",
    done: "We are posting a test card to the Google Chat space. Updates start as soon as Google Chat accepts it.",
  },
  ...POSTS_TO_A_URL,
  signed: false,
  normalize: (raw, guard) => normalizeUrl(raw, guard, { httpsOnly: true, hosts: /^chat\.googleapis\.com$/, what: "a Google Chat webhook URL (chat.googleapis.com)" }),
  render: (p) => JSON.stringify(p.kind === "component.update" ? googleChatComponentCard(p) : googleChatCard(p)),

  sendVerification(ctx) {
    const t = translator(ctx.page.locale, "chatTest");
    const body = card("subscription-test", { title: t("updates"), subtitle: ctx.page.name.slice(0, 200) }, [
      { textParagraph: { text: escapeHtml(t("receivesSpace", { name: ctx.page.name })) } },
      { buttonList: { buttons: [button(t("viewPage"), ctx.page.address), button(t("manage"), ctx.links.manage)] } },
    ]);
    return postJson(ctx.deps, ctx.subscriber.target, JSON.stringify(body), { "idempotency-key": ctx.idempotencyKey });
  },

  send(ctx, rendered) {
    return postJson(ctx.deps, ctx.subscriber.target, personalize(rendered, ctx.links, "json"), { "idempotency-key": ctx.idempotencyKey });
  },
};
