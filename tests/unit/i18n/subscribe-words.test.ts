/**
 * The subscribe flow's words: the channel registry's English is the `channels` catalogue's English
 * (one source, no drift), every channel has its words in every locale, product names stay as they are; the SMS
 * code fits one segment in every locale; in-page links keep a ?lang= that differs from the page's own.
 */
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n";
import { carriedLang, siteLang, withLang } from "@/lib/i18n/links";
import { CHANNELS } from "@/lib/notifications/channels";
import { smsCodeText } from "@/lib/notifications/channels/sms";
import { fitsOneSegment, smsSize } from "@/lib/notifications/channels/sms-segments";
import { availableChannels, channelLabel, channelWords } from "@/lib/subscriptions/channels-available";
import { PAGE_LOCALES } from "@/lib/time/locale";

describe("channel words", () => {
  it("English is the registry's own text, for every channel", () => {
    for (const c of CHANNELS) {
      const w = channelWords(c.type, "en");
      expect({ field: w.field, hint: w.hint, done: w.done }, c.type).toEqual({ field: c.form.field, hint: c.form.hint, done: c.form.done });
      expect(channelLabel(c, "en"), c.type).toBe(c.form.label);
      expect(w.invalid.length, c.type).toBeGreaterThan(10);
    }
    // The catalogue names no channel the registry lacks.
    expect(Object.keys(CATALOGUES.en.channels).sort()).toEqual(CHANNELS.map((c) => c.type).sort());
  });

  it.each(PAGE_LOCALES.filter((l) => l !== "en"))("%s: every channel is translated, `done` keeps its {address} slot, product names stay", (locale) => {
    for (const c of CHANNELS) {
      const w = channelWords(c.type, locale);
      expect(w.field, c.type).not.toBe(c.form.field);
      expect(w.invalid, c.type).not.toBe(channelWords(c.type, "en").invalid);
      expect(w.done.includes("{address}"), c.type).toBe(c.form.done.includes("{address}"));
    }
    expect(channelLabel(CHANNELS.find((c) => c.type === "SLACK")!, locale)).toBe("Slack");
  });

  it("the offered channels carry the locale's words", () => {
    const de = availableChannels("de");
    for (const o of de) expect(o.field).toBe(channelWords(o.type, "de").field);
    const email = de.find((o) => o.type === "EMAIL");
    if (email) expect(email).toMatchObject({ label: "E-Mail", field: "E-Mail-Adresse" });
  });
});

describe("the SMS code message", () => {
  it.each(PAGE_LOCALES)("%s: starts with the code and fits one segment (160 GSM or 70 UCS-2 characters)", (locale) => {
    const short = smsCodeText("123456", "Acme", "https://status.acme.test/confirm?sms=abc", locale);
    expect(short).toMatch(/^123456 /);
    expect(fitsOneSegment(short), short).toBe(true);
    // Written in the GSM alphabet, these languages have room for the page's name and the link.
    if (["en", "de", "fr"].includes(locale)) expect(smsSize(short).limit).toBe(160);
    if (["en", "de", "fr"].includes(locale)) expect(short).toContain("Acme");
    const long = smsCodeText("123456", "A".repeat(120), `https://status.acme.test/confirm?sms=${"x".repeat(80)}`, locale);
    expect(long).toMatch(/^123456 /);
    expect(fitsOneSegment(long), long).toBe(true);
    expect(long).not.toContain("AAAA");
  });

  it("is in the page's language", () => {
    expect(smsCodeText("123456", "Acme", "https://x.test/c", "de")).toBe("123456 ist Ihr Code für Status-Updates von Acme. https://x.test/c");
    expect(smsCodeText("123456", "Acme", "https://x.test/c", "ja")).toContain("確認コード");
    expect(smsCodeText("123456", "Acme", "https://x.test/c", undefined)).toBe("123456 is your code for Acme status updates. https://x.test/c");
  });
});

describe("links keep the visitor's ?lang=", () => {
  it("only when it differs from the page's own locale", () => {
    expect(carriedLang("de", "en")).toBe("de");
    expect(carriedLang("de", "de")).toBeNull();
    expect(carriedLang(undefined, "de")).toBeNull();
    // A stored locale no longer allowed reads as English: a visitor's English then is the page's own.
    expect(carriedLang("en", "xx")).toBeNull();
    expect(siteLang({ locale: "ja", page: { locale: "de" } })).toBe("ja");
    expect(siteLang({ locale: "de", page: { locale: "de" } })).toBeNull();
  });

  it("appends to the query, before a fragment, once", () => {
    expect(withLang("/acme/history", "de")).toBe("/acme/history?lang=de");
    expect(withLang("/acme/history?page=2", "de")).toBe("/acme/history?page=2&lang=de");
    expect(withLang("/acme#incidents", "ja")).toBe("/acme?lang=ja#incidents");
    expect(withLang("/acme?lang=fr", "ja")).toBe("/acme?lang=fr");
    expect(withLang("/", "pt")).toBe("/?lang=pt");
    expect(withLang("/acme/subscribe", null)).toBe("/acme/subscribe");
  });
});
