/**
 * Languages: every channel a person reads writes Heliograph's own words in the event's page
 * locale, and the operator's words (page name, titles, update text, component names) exactly as written.
 */
import { describe, expect, it } from "vitest";
import { CHANNELS, channelOf } from "@/lib/notifications/channels";
import type { EventPayload } from "@/lib/notifications/channels/payload";

const AT = Date.UTC(2026, 10, 24, 14, 5);
const page = (locale?: string): EventPayload["page"] => ({ id: "p", name: "Acme Cloud", address: "https://status.acme.test", timezone: "Europe/Berlin", locale });

const update = (locale?: string): EventPayload => ({
  kind: "incident.update",
  page: page(locale),
  title: "Elevated API errors",
  status: "INVESTIGATING",
  body: "We are looking into it.",
  at: AT,
  services: [{ id: "s1", name: "Payments API" }],
  incident: { id: "i", severity: "MAJOR", createdAt: AT, updatedAt: AT, resolvedAt: null, updates: [{ id: "u", status: "INVESTIGATING", description: "x", displayAt: AT, createdAt: AT, updatedAt: AT }] },
});

const flip = (locale?: string): EventPayload => ({
  kind: "component.update",
  page: page(locale),
  title: "Payouts",
  status: "PARTIAL_OUTAGE",
  body: "",
  at: AT,
  services: [{ id: "c", name: "Payouts" }],
  component: { id: "c", name: "Payouts", createdAt: Date.UTC(2025, 0, 1), oldStatus: "OPERATIONAL", newStatus: "PARTIAL_OUTAGE", updateId: "u1", pageStatus: "PARTIAL_OUTAGE", pageIndicator: "minor" },
});

const reminder = (locale?: string): EventPayload => ({
  ...update(locale),
  kind: "maintenance.reminder",
  title: "Database upgrade",
  status: "SCHEDULED",
  incident: undefined,
  maintenance: { id: 1, startsAt: AT + 7_200_000, endsAt: AT + 14_400_000, minutesBefore: 120 },
});

/** The message as a reader sees it: JSON escapes and platform escapes (Discord's backslashes) undone. */
async function readable(type: string, p: EventPayload): Promise<string> {
  const out = await channelOf(type as never).render(p);
  const text = typeof out === "string" ? out : JSON.stringify(out);
  return text.replace(/\\\\/g, "");
}

const HUMAN_CHANNELS = CHANNELS.map((c) => c.type).filter((t) => t !== "WEBHOOK");
/** Channels with links under the message ("Manage subscription"); an SMS has room only for the page's address. */
const WITH_LINKS = HUMAN_CHANNELS.filter((t) => t !== "SMS");

describe("messages speak the page's language", () => {
  it.each(HUMAN_CHANNELS)("%s: an update on a de page names its status in German", async (type) => {
    const de = await readable(type, update("de"));
    expect(de).toContain("Wird untersucht");
    expect(de).not.toContain("Investigating");
    expect(await readable(type, update("en"))).toContain("Investigating");
  });

  it.each(WITH_LINKS)("%s: the links under a de message are German", async (type) => {
    const de = await readable(type, update("de"));
    expect(de).toContain("Abonnement verwalten");
    expect(de).not.toContain("Manage");
    // Discord links the page from the embed's title, so it has no words for it.
    if (type !== "DISCORD") expect(de).toContain("Statusseite");
  });

  it.each(HUMAN_CHANNELS)("%s: a component flip on a de page reads \"ist jetzt: Teilausfall\"", async (type) => {
    const de = await readable(type, flip("de"));
    // Teams keeps the name and the status in TextRuns of their own, hence the distance allowed.
    expect(de).toMatch(/Payouts[\s\S]{0,300}ist jetzt[\s\S]{0,300}Teilausfall/);
    expect(de).not.toContain("is now");
    expect(de).not.toContain("Partial outage");
  });

  it.each(HUMAN_CHANNELS)("%s: a reminder counts hours with German plurals", async (type) => {
    expect(await readable(type, reminder("de"))).toContain("Wartung in 2 Stunden: Database upgrade");
    expect(await readable(type, reminder("en"))).toContain("Maintenance in 2 hours: Database upgrade");
  });

  it.each(HUMAN_CHANNELS)("%s: an event stored before pages had a locale reads English", async (type) => {
    expect(await readable(type, update(undefined))).toContain("Investigating");
  });

  it.each(HUMAN_CHANNELS)("%s: operator text is never translated", async (type) => {
    for (const locale of ["de", "ja"]) {
      const text = await readable(type, update(locale));
      expect(text).toContain("Acme Cloud");
      // A Japanese SMS is UCS-2: its one segment holds 70 characters, so the title is cut (as written, never translated).
      expect(text).toContain(type === "SMS" && locale === "ja" ? "Elevated A..." : "Elevated API errors");
      if (type !== "SMS") expect(text).toContain("We are looking into it.");
      if (type !== "SMS") expect(text).toContain("Payments API");
    }
  });

  it("the e-mail is marked as German and its footer is German", async () => {
    const mail = (await channelOf("EMAIL" as never).render(update("de"))) as unknown as { subject: string; html: string; text: string };
    expect(mail.subject).toBe("[Acme Cloud] Elevated API errors: Wird untersucht");
    expect(mail.html).toContain('lang="de"');
    expect(mail.text).toContain("weil Sie Updates von Acme Cloud abonniert haben");
    expect(mail.text).toContain("Betrifft Payments API");
  });

  it("the Statuspage-shaped webhook keeps its wire words in every locale", async () => {
    const body = JSON.parse((await channelOf("WEBHOOK" as never).render(update("de"))) as string);
    expect(JSON.stringify(body)).toContain("Investigating");
  });
});
