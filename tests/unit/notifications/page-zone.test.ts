/**
 * Time zones: every channel writes times in the page's zone, naming it. A page in
 * Asia/Tokyo hears about an update posted at 14:05 UTC as 23:05 GMT+9 (JST in Japanese), on its own day.
 */
import { describe, expect, it } from "vitest";
import { CHANNELS, channelOf } from "@/lib/notifications/channels";
import type { EventPayload } from "@/lib/notifications/channels/payload";
import { messageStyle, whenText } from "@/lib/notifications/channels/render";

const AT = Date.UTC(2026, 10, 24, 14, 5); // 24 Nov 2026, 23:05 in Tokyo
const TOKYO = { id: "p", name: "Acme", address: "https://status.acme.test", timezone: "Asia/Tokyo", locale: "en" };

const update = (page: EventPayload["page"] = TOKYO): EventPayload => ({
  kind: "incident.update",
  page,
  title: "Elevated API errors",
  status: "INVESTIGATING",
  body: "We are looking into it.",
  at: AT,
  services: [{ id: "s1", name: "API" }],
  incident: { id: "i", severity: "MAJOR", createdAt: AT, updatedAt: AT, resolvedAt: null, updates: [{ id: "u", status: "INVESTIGATING", description: "x", displayAt: AT, createdAt: AT, updatedAt: AT }] },
});

// 25 Nov 2026 02:00–04:00 in Tokyo: the maintenance falls on the next day there, not on UTC's 24th.
const maintenance = (): EventPayload => ({
  ...update(),
  kind: "maintenance.start",
  title: "Database upgrade",
  status: "IN_PROGRESS",
  incident: undefined,
  maintenance: { id: 1, startsAt: Date.UTC(2026, 10, 24, 17), endsAt: Date.UTC(2026, 10, 24, 19) },
});

/**
 * What a person reads: the message as text, with each platform's escaping undone and ISO timestamps left out
 * (Discord's embed `timestamp` is shown by Discord in each reader's own zone).
 */
async function readable(type: string, p: EventPayload): Promise<string> {
  const out = await channelOf(type as never).render(p);
  const text = typeof out === "string" ? out : JSON.stringify(out);
  return text.replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '""').replace(/\\\\/g, "");
}

const HUMAN_CHANNELS = CHANNELS.map((c) => c.type).filter((t) => t !== "WEBHOOK");

describe("messages print the page's time zone", () => {
  it("covers every channel a person reads (the webhook carries ISO timestamps for machines)", () => {
    expect(HUMAN_CHANNELS).toEqual(["EMAIL", "SLACK", "TEAMS", "DISCORD", "GOOGLE_CHAT", "SMS"]);
  });

  it.each(HUMAN_CHANNELS)("%s: an update on a Tokyo page says 23:05 GMT+9, never the UTC time", async (type) => {
    const text = await readable(type, update());
    expect(text).toContain("23:05 GMT+9");
    expect(text).not.toContain("14:05");
    expect(text).not.toMatch(/\bUTC\b/);
  });

  it.each(HUMAN_CHANNELS)("%s: maintenance on a Tokyo page is on the 25th, 02:00 GMT+9", async (type) => {
    const text = await readable(type, maintenance());
    expect(text).toContain("25 Nov 2026, 02:00");
    expect(text).not.toContain("17:00");
  });

  it.each(HUMAN_CHANNELS)("%s: an event stored before pages had a zone still reads as UTC", async (type) => {
    const text = await readable(type, update({ id: "p", name: "Acme", address: "https://status.acme.test" }));
    expect(text).toContain("14:05 UTC");
  });

  it("the webhook keeps machine-readable UTC timestamps", async () => {
    const body = JSON.parse((await channelOf("WEBHOOK").render(update())) as string);
    expect(body.incident.created_at).toBe("2026-11-24T14:05:00.000Z");
  });

  it("renderers take the page's locale: a Japanese page names the zone JST", () => {
    const p = update({ ...TOKYO, locale: "ja" });
    expect(messageStyle(p)).toEqual({ zone: "Asia/Tokyo", locale: "ja" });
    expect(whenText(p)).toContain("23:05 JST");
  });
});
