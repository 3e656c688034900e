import { describe, expect, it } from "vitest";
import { CHANNELS, channelOf, channelsFor } from "@/lib/notifications/channels";
import { pageIndicator, spansOf, statusesAt } from "@/lib/notifications/outbox/component-status";
import type { EventPayload } from "@/lib/notifications/channels/payload";
import { MANAGE_PLACEHOLDER, UNSUBSCRIBE_PLACEHOLDER } from "@/lib/notifications/channels/render";
import type { ServiceStatus } from "@/lib/status";

/* eslint-disable @typescript-eslint/no-explicit-any -- the rendered JSON is read as the platform reads it */

const HOSTILE = "<!channel> @everyone **x**";

const flip = (name: string, newStatus: ServiceStatus, oldStatus: ServiceStatus = "OPERATIONAL"): EventPayload => ({
  kind: "component.update",
  page: { id: "p", name: "Acme <!here>", address: "https://status.acme.test" },
  title: name,
  status: newStatus,
  body: "",
  at: Date.UTC(2026, 0, 2, 3, 4, 5),
  services: [{ id: "c", name }],
  component: { id: "c", name, createdAt: Date.UTC(2025, 0, 1), oldStatus, newStatus, updateId: "u1", pageStatus: newStatus, pageIndicator: "major" },
});

const render = async (type: string, p: EventPayload) => JSON.parse((await channelOf(type as never).render(p)) as string) as any;

describe("which channels send component flips", () => {
  it("webhook and the chat channels do; e-mail and SMS do not; everything sends incident updates", () => {
    expect(channelsFor("component.update")).toEqual(["WEBHOOK", "SLACK", "TEAMS", "DISCORD", "GOOGLE_CHAT"]);
    expect(channelsFor("incident.update")).toEqual(CHANNELS.map((c) => c.type));
    for (const kind of ["maintenance.start", "maintenance.end", "maintenance.reminder"] as const) expect(channelsFor(kind)).toEqual(CHANNELS.map((c) => c.type));
    expect(channelOf("EMAIL").events).not.toContain("component.update");
    expect(channelOf("SMS").events).not.toContain("component.update");
  });
});

describe("component flip messages", () => {
  it("webhook: Statuspage's component_update body, with the name as given", async () => {
    const body = await render("WEBHOOK", flip(HOSTILE, "PARTIAL_OUTAGE", "MAJOR_OUTAGE"));
    expect(body).toEqual({
      meta: { unsubscribe: UNSUBSCRIBE_PLACEHOLDER, documentation: expect.stringMatching(/^https:\/\//), manage: MANAGE_PLACEHOLDER, event: "component.update", generated_at: expect.any(String) },
      page: { id: "p", status_indicator: "major", status_description: "Partial System Outage" },
      component_update: { created_at: "2026-01-02T03:04:05.000Z", new_status: "partial_outage", old_status: "major_outage", id: "u1", component_id: "c" },
      component: { created_at: "2025-01-01T00:00:00.000Z", id: "c", name: HOSTILE, status: "partial_outage" },
    });
  });

  it("Slack: one line in a bar of the status colour, escaped as incident texts are; no mention can form", async () => {
    const plain = await render("SLACK", flip("Payouts", "PARTIAL_OUTAGE"));
    expect(plain.attachments[0].blocks[0].text).toEqual({ type: "mrkdwn", text: "Payouts is now Partial outage" });
    expect(plain.attachments[0].color).toBe("#f76b15");
    const body = await render("SLACK", flip(HOSTILE, "MAJOR_OUTAGE"));
    expect(body.text).toBe("Acme &lt;!here&gt;: &lt;!channel&gt; @everyone **x** is now Major outage");
    expect(body.attachments[0].blocks[0].text.text).toBe("&lt;!channel&gt; @everyone **x** is now Major outage");
    const context = body.attachments[0].blocks[1].elements[0].text as string;
    // the only <…> in mrkdwn are our two links
    expect(context.replace(/<https:\/\/[^|<>]+\|[^<>]+>/g, "")).not.toMatch(/[<>]/);
    expect(JSON.stringify(body)).not.toMatch(/<!(channel|here|everyone)>/);
  });

  it("Discord: the line as the embed title, coloured by status, Markdown escaped, no mentions parsed", async () => {
    expect((await render("DISCORD", flip("Payouts", "PARTIAL_OUTAGE"))).embeds[0]).toMatchObject({ title: "Payouts is now Partial outage", color: 0xf76b15 });
    const body = await render("DISCORD", flip(HOSTILE, "MAJOR_OUTAGE", "DEGRADED_PERFORMANCE"));
    expect(body.allowed_mentions).toEqual({ parse: [] });
    const e = body.embeds[0];
    expect(e.title).toBe("\\<\\!channel\\> \\@everyone \\*\\*x\\*\\* is now Major outage");
    expect(e.color).toBe(0xe5484d);
    expect(e.fields).toEqual([{ name: "Status", value: "Major outage", inline: true }, { name: "Was", value: "Degraded performance", inline: true }]);
    expect(e.title.match(/(?<!\\)[*_~`|<>@[\]()]/g)).toBeNull();
  });

  it("Teams: every text in a TextRun (shown as typed), the status coloured", async () => {
    const body = await render("TEAMS", flip(HOSTILE, "MAJOR_OUTAGE"));
    const card = body.attachments[0].content;
    expect(card.body.every((el: any) => el.type === "RichTextBlock" && el.inlines.every((r: any) => r.type === "TextRun"))).toBe(true);
    const runs = card.body.flatMap((el: any) => el.inlines);
    expect(runs.map((r: any) => r.text).join("")).toContain(`${HOSTILE} is now Major outage`);
    expect(runs.find((r: any) => r.text === "Major outage").color).toBe("attention");
    expect((await render("TEAMS", flip("Payouts", "OPERATIONAL", "PARTIAL_OUTAGE"))).attachments[0].content.body[1].inlines[2]).toMatchObject({ text: "Operational", color: "good" });
  });

  it("Google Chat: the line as the card's plain title, card text HTML-escaped, no text part", async () => {
    const body = await render("GOOGLE_CHAT", flip(HOSTILE, "DEGRADED_PERFORMANCE"));
    expect(body.text).toBeUndefined();
    const card = body.cardsV2[0].card;
    expect(card.header.title).toBe(`${HOSTILE} is now Degraded performance`);
    const status = card.sections[0].widgets[0].decoratedText;
    expect(status.text).toBe('<font color="#b57b00"><b>Degraded performance</b></font>');
    expect(status.bottomLabel).toMatch(/^Was Operational · 2 Jan 2026, 03:04 UTC$/);
  });
});

describe("component status from the incidents open on it", () => {
  const rows = {
    incidents: [
      { id: "i1", severity: "MEDIUM" as const, started_at: 100, resolved_at: null, service_id: "a" },
      { id: "i1", severity: "MEDIUM" as const, started_at: 100, resolved_at: null, service_id: "b" },
      { id: "i2", severity: "MAJOR" as const, started_at: 100, resolved_at: 500, service_id: "b" },
    ],
    windows: [{ incident_id: "i3", severity: "MINOR" as const, started_at: 0, resolved_at: null, component_id: "c", status: "DEGRADED_PERFORMANCE" as const, window_started_at: 200, ended_at: null }],
  };
  it("v1 incidents by severity while open, v3 by their windows, the worst wins, maintenance only when nothing is open", () => {
    const spans = spansOf(rows);
    expect(Object.fromEntries(statusesAt(["a", "b", "c", "d"], spans, [], 300))).toEqual({ a: "PARTIAL_OUTAGE", b: "MAJOR_OUTAGE", c: "DEGRADED_PERFORMANCE", d: "OPERATIONAL" });
    expect(Object.fromEntries(statusesAt(["b", "c"], spans, [], 600))).toEqual({ b: "PARTIAL_OUTAGE", c: "DEGRADED_PERFORMANCE" });
    expect(Object.fromEntries(statusesAt(["c", "d"], spans, [{ id: 1, serviceIds: "ALL", startsAt: 0, endsAt: 1000 }], 150))).toEqual({ c: "UNDER_MAINTENANCE", d: "UNDER_MAINTENANCE" });
  });
  it("the page indicator is the worst open incident's impact, as Statuspage's status.json rates it", () => {
    const spans = spansOf(rows);
    expect(pageIndicator("MAJOR_OUTAGE", ["a", "b", "c"], spans, 300)).toBe("major");
    expect(pageIndicator("DEGRADED_PERFORMANCE", ["c"], spans, 300)).toBe("minor");
    expect(pageIndicator("OPERATIONAL", ["d"], spans, 300)).toBe("none");
    expect(pageIndicator("UNDER_MAINTENANCE", ["d"], spans, 300)).toBe("none");
  });
});
