/**
 * The notification part of the XSS corpus: every payload as incident name, update text, page name,
 * service name and maintenance name, through every channel's renderer (and the per-subscriber
 * personalisation done at send time). Outputs are parsed, not grepped.
 */
import { DomUtils, parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";
import { emailChannel, renderConfirmEmail, renderDisabledEmail } from "@/lib/notifications/channels/email";
import { slackChannel, slackTestMessage } from "@/lib/notifications/channels/slack";
import { smsChannel } from "@/lib/notifications/channels/sms";
import { webhookChannel } from "@/lib/notifications/channels/webhook";
import type { EventPayload } from "@/lib/notifications/channels/payload";
import { personalize } from "@/lib/notifications/channels/render";
import { XSS_PAYLOADS } from "../../attack/xss-payloads";

const ADDRESS = "https://status.acme.test";
const links = { manage: `${ADDRESS}/manage?token=a.1.b&x="y"`, unsubscribe: `${ADDRESS}/manage/unsubscribe?token=a.1.b` };

/** Every text field of an event set to the payload, for each event kind. */
function events(x: string): EventPayload[] {
  const base: EventPayload = {
    kind: "incident.update",
    page: { id: "p", name: x, address: ADDRESS },
    title: x,
    status: "INVESTIGATING",
    body: x,
    at: Date.UTC(2026, 10, 21),
    services: [{ id: "s", name: x }],
    incident: { id: "i", severity: "MAJOR", createdAt: 1, updatedAt: 2, resolvedAt: null, updates: [{ id: "u", status: "INVESTIGATING", description: x, displayAt: 1, createdAt: 1, updatedAt: 1 }] },
  };
  const maintenance = { id: 7, startsAt: Date.UTC(2026, 10, 22), endsAt: Date.UTC(2026, 10, 22, 2), minutesBefore: 60 };
  return [
    base,
    { ...base, status: "RESOLVED", incident: { ...base.incident!, resolvedAt: 3 } },
    ...(["maintenance.start", "maintenance.end", "maintenance.reminder"] as const).map((kind) => ({ ...base, kind, status: "SCHEDULED", incident: undefined, maintenance })),
  ];
}

const URL_ATTRS = ["href", "src", "action", "formaction", "background", "xlink:href", "poster", "srcset", "data", "lowsrc", "dynsrc"];
const BAD_ELEMENTS = ["script", "iframe", "object", "embed", "base", "form", "frame", "frameset", "applet", "svg", "math", "link"];

/** What a browser would run or load from an e-mail's HTML: scripts, handlers, script/data URLs, refreshes. */
function htmlDangers(html: string): string[] {
  const found: string[] = [];
  for (const el of DomUtils.findAll(() => true, parseDocument(html).children)) {
    const tag = el.name.toLowerCase();
    if (BAD_ELEMENTS.includes(tag)) found.push(`<${tag}>`);
    if (tag === "meta" && /refresh/i.test(el.attribs["http-equiv"] ?? "")) found.push("<meta refresh>");
    for (const [name, value] of Object.entries(el.attribs)) {
      const n = name.toLowerCase();
      if (n.startsWith("on")) found.push(`${tag}[${n}]`);
      // Browsers drop whitespace and control characters inside a scheme: "jav\tascript:" is "javascript:".
      const v = value.replace(/[\u0000-\u0020\u007f]/g, "").toLowerCase();
      if (URL_ATTRS.includes(n) && /^(javascript|data|vbscript):/.test(v)) found.push(`${tag}[${n}=${v.slice(0, 20)}]`);
      if (n === "style" && /(javascript:|expression\(|url\()/i.test(value)) found.push(`${tag}[style]`);
    }
  }
  return found;
}

/** The text the HTML part shows (its text nodes), for comparing with the text part. */
const visibleText = (html: string) => DomUtils.textContent(parseDocument(html).children);
const TAG = /<\/?[a-z][^>\s]*/gi;

/** Slack mrkdwn: every `<…>` is one of our own links and every `&` starts an escape, so no ping, no link, no markup injection. */
function slackDangers(mrkdwn: string, ownLinks: string[]): string[] {
  const found: string[] = [];
  for (const m of mrkdwn.matchAll(/<([^>]*)>/g)) {
    const url = m[1].split("|")[0];
    if (!ownLinks.includes(url)) found.push(`<${m[1].slice(0, 40)}>`);
    if ((m[1].match(/</g) ?? []).length > 0) found.push(`nested < in ${m[1].slice(0, 40)}`);
  }
  const outside = mrkdwn.replace(/<[^<>]*>/g, "");
  if (/[<>]/.test(outside)) found.push("raw < or > outside links");
  // our own link targets are URLs (Slack reads them up to `|`); everything else must escape `&`
  const text = mrkdwn.replace(/<([^|>]*)(\|[^>]*)?>/g, (_m, _url: string, label?: string) => label ?? "");
  if (/&(?!amp;|lt;|gt;)/.test(text)) found.push("unescaped &");
  return found;
}

/** Every mrkdwn string of a Slack message: the top-level fallback `text` is mrkdwn too (and shows in notifications). */
function mrkdwnOf(msg: { text: string; blocks: { type: string; text?: { type: string; text: string }; fields?: { type: string; text: string }[]; elements?: { type: string; text: string }[] }[] }): string[] {
  const all = [msg.text];
  for (const b of msg.blocks) for (const t of [b.text, ...(b.fields ?? []), ...(b.elements ?? [])]) if (t && t.type === "mrkdwn") all.push(t.text);
  return all;
}

describe(`XSS corpus (${XSS_PAYLOADS.length} payloads) through the notification channels`, () => {
  it("the checks catch what they look for", () => {
    expect(htmlDangers(`<p><a href=" jav\tascript:x">a</a><img src="DATA:text/html,x"><b onclick="x">b</b><svg></svg></p>`)).toEqual(["a[href=javascript:x]", "img[src=data:text/html,x]", "b[onclick]", "<svg>"]);
    expect(htmlDangers(`<p><a href="https://x.test/?q=javascript:">ok</a></p>`)).toEqual([]);
    expect(slackDangers("<!channel> &lt;ok&gt; & <https://evil.test|x>", [ADDRESS])).toEqual(["<!channel>", "<https://evil.test|x>", "unescaped &"]);
    expect(slackDangers(`&lt;!here&gt; <${ADDRESS}|Acme &amp; Co>`, [ADDRESS])).toEqual([]);
  });

  it("e-mail HTML has no script, handler or script URL; the text part shows no markup the HTML did not show as text", async () => {
    const problems: string[] = [];
    for (const x of XSS_PAYLOADS) {
      for (const p of events(x)) {
        const m = await emailChannel.render(p);
        const html = personalize(m.html, links, "html");
        const text = personalize(m.text, links, "text");
        for (const d of htmlDangers(html)) problems.push(`${p.kind} ${JSON.stringify(x).slice(0, 50)}: ${d}`);
        // case-insensitive: the text part writes headings in capitals
        const shown = visibleText(html).toLowerCase();
        for (const tag of text.match(TAG) ?? []) if (!shown.includes(tag.toLowerCase())) problems.push(`${p.kind} ${JSON.stringify(x).slice(0, 50)}: text part has ${tag}`);
        expect(m.subject).not.toMatch(/[\r\n]/);
      }
      const confirm = await renderConfirmEmail(x, `${ADDRESS}/confirm?token=t`);
      const disabled = await renderDisabledEmail(x, x, ADDRESS);
      for (const d of [...htmlDangers(confirm.html), ...htmlDangers(disabled.html)]) problems.push(`confirm/disabled ${JSON.stringify(x).slice(0, 50)}: ${d}`);
    }
    expect(problems).toEqual([]);
  }, 180_000);

  it("Slack messages escape &, < and > in every mrkdwn text: no @channel/@here/@everyone, user or channel pings, or links of the payload's", async () => {
    const problems: string[] = [];
    for (const x of XSS_PAYLOADS) {
      for (const p of events(x)) {
        const json = personalize(await slackChannel.render(p), links, "json");
        const msg = JSON.parse(json);
        for (const t of mrkdwnOf(msg)) for (const d of slackDangers(t, [ADDRESS, links.manage])) problems.push(`${p.kind} ${JSON.stringify(x).slice(0, 50)}: ${d}`);
        // plain_text is shown as typed (Slack never parses it): the header keeps the name exactly, cut to Slack's limit
        expect(msg.blocks[0]).toMatchObject({ type: "header", text: { type: "plain_text" } });
      }
      const test = slackTestMessage({ name: x, address: ADDRESS }, links.manage);
      for (const t of mrkdwnOf(test)) for (const d of slackDangers(t, [ADDRESS, links.manage])) problems.push(`test message ${JSON.stringify(x).slice(0, 50)}: ${d}`);
    }
    expect(problems).toEqual([]);
  });

  it("webhook JSON parses and carries every string exactly (JSON is the escaping)", async () => {
    for (const x of XSS_PAYLOADS) {
      for (const p of events(x)) {
        const body = JSON.parse(personalize(await webhookChannel.render(p), links, "json"));
        expect(body.page.name).toBe(x);
        expect(body.incident.name).toBe(x);
        expect(body.incident.incident_updates[0].body).toBe(x);
        expect(body.incident.components[0].name).toBe(x);
        expect(body.meta).toMatchObject({ manage: links.manage, unsubscribe: links.unsubscribe });
      }
    }
  });

  it("SMS stays one plain-text segment", async () => {
    for (const x of XSS_PAYLOADS) for (const p of events(x)) expect((await smsChannel.render(p)).length).toBeLessThanOrEqual(160);
  });
});
