/**
 * Every catalogue has exactly English's keys (nothing missing shows a key to a visitor, nothing
 * extra rots), every message parses as ICU with the same placeholders as the English one, and translations are
 * translations, not English copies.
 */
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { CATALOGUES } from "@/lib/i18n";
import { PAGE_LOCALES } from "@/lib/time/locale";

type Tree = { [k: string]: string | Tree };
const flatten = (t: Tree, prefix = ""): [string, string][] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === "string" ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`)));

const en = new Map(flatten(CATALOGUES.en as unknown as Tree));
/** The top-level argument names of an ICU message ("{name}", "{count, plural, …}"). */
const argsOf = (m: string) => [...new Set([...m.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((x) => x[1]))].sort();
/** The rich-text tags of a message ("<link>subscribe again</link>"): every translation wraps the same ones. */
const tagsOf = (m: string) => [...new Set([...m.matchAll(/<(\w+)>/g)].map((x) => x[1]))].sort();

describe.each(PAGE_LOCALES)("catalogue %s", (locale) => {
  const messages = new Map(flatten(CATALOGUES[locale] as unknown as Tree));

  it("has exactly the keys of en", () => {
    expect([...messages.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it("every message parses as ICU and formats with English's placeholders", () => {
    const errors: string[] = [];
    type T = ((k: string, v: Record<string, unknown>) => string) & { markup: (k: string, v: Record<string, unknown>) => string };
    const t = createTranslator({ locale, messages: CATALOGUES[locale], onError: (e) => errors.push(`${e.code}: ${e.message}`) }) as unknown as T;
    for (const [key, message] of messages) {
      expect(argsOf(message), key).toEqual(argsOf(en.get(key)!));
      expect(tagsOf(message), key).toEqual(tagsOf(en.get(key)!));
      const values = Object.fromEntries(argsOf(message).map((a) => [a, a === "count" ? 2 : `«${a}»`]));
      const tags = Object.fromEntries(tagsOf(message).map((tag) => [tag, (chunks: string) => `[${chunks}]`]));
      const out = tagsOf(message).length ? t.markup(key, { ...values, ...tags }) : t(key, values);
      if (tagsOf(message).length) expect(out, key).toMatch(/\[[^\]<>]+\]/);
      expect(out, key).not.toContain("{");
      for (const a of argsOf(message)) if (a !== "count") expect(out, key).toContain(`«${a}»`);
    }
    expect(errors).toEqual([]);
  });

  it.skipIf(locale === "en")("is a translation: almost no message is the English one", () => {
    const same = [...messages].filter(([k, m]) => m === en.get(k)).map(([k]) => k);
    // A few words are the same in both languages ("Status" in German, "minutes" in French, units like "{minutes} min").
    expect(same.length / messages.size).toBeLessThan(0.1);
  });
});

describe("plurals", () => {
  it.each([
    ["en", 1, "1 hour"], ["en", 3, "3 hours"], ["de", 1, "1 Stunde"], ["de", 2, "2 Stunden"],
    ["fr", 1, "1 heure"], ["fr", 2, "2 heures"], ["es", 2, "2 horas"], ["pt", 1, "1 hora"], ["ja", 2, "2時間"],
  ] as const)("%s: %i → %s", (locale, count, expected) => {
    const t = createTranslator({ locale, messages: CATALOGUES[locale], namespace: "notify" });
    expect(t("hours", { count })).toBe(expected);
  });
});
