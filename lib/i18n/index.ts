// The framework-free core of next-intl (same package version): the worker, the CLIs and the react-server
// condition load this module too, and next-intl's root entry pulls in its React client provider there.
import { createFormatter, createTranslator } from "use-intl/core";
import { DEFAULT_LOCALE, localeOf, type PageLocale } from "@/lib/time/locale";
import de from "./messages/de.json";
import en from "./messages/en.json";
import es from "./messages/es.json";
import fr from "./messages/fr.json";
import ja from "./messages/ja.json";
import pt from "./messages/pt.json";

/**
 * Heliograph's own words in every page locale; English is the source and every catalogue has exactly its keys. Built
 * per locale with createTranslator, the locale passed explicitly: getTranslations() needs a Next request scope and the
 * request-config plugin, which the worker and unit tests lack. Operator-written text never goes through here.
 */
export type Messages = typeof en;
export type Namespace = keyof Messages;

export const CATALOGUES: Record<PageLocale, Messages> = { en, de, fr, es, pt, ja };

const translators = new Map<string, unknown>();

/** Anything not an allow-listed locale (absent, unknown, a map callback's index) reads English. */
export type LocaleInput = PageLocale | string | number | null | undefined;
const localeFrom = (locale: LocaleInput): PageLocale => localeOf(typeof locale === "string" ? locale : undefined);

export function translator<N extends Namespace>(locale: LocaleInput, namespace: N) {
  const l = localeFrom(locale);
  const key = `${l}:${namespace}`;
  type Translator = ReturnType<typeof createTranslator<Messages, N>>;
  let t = translators.get(key) as Translator | undefined;
  if (!t) {
    t = remembering<Translator>(createTranslator<Messages, N>({ locale: l, messages: CATALOGUES[l], namespace }));
    translators.set(key, t);
  }
  return t;
}

/**
 * The translator, its answers kept for plain string and number values: use-intl keys its formatter cache by
 * JSON.stringify of every argument on each call, and the uptime bars' ~900 calls a render cost more than the rest of
 * the page. Bounded per translator: cleared whole when full. Rich, markup and raw calls go straight through.
 */
const REMEMBERED_LIMIT = 1_000;
function remembering<T>(t: T): T {
  const answers = new Map<string, unknown>();
  const call = t as unknown as (key: string, values?: Record<string, unknown>, formats?: unknown) => unknown;
  const wrapped = (key: string, values?: Record<string, unknown>, formats?: unknown) => {
    if (formats !== undefined) return call(key, values, formats);
    let k = key;
    if (values !== undefined) {
      for (const name in values) {
        const v = values[name];
        if (typeof v === "string") k += `\u0000${name}\u0001s${v}`;
        else if (typeof v === "number") k += `\u0000${name}\u0001n${v}`;
        else return call(key, values);
      }
    }
    let answer = answers.get(k);
    if (answer === undefined) {
      if (answers.size >= REMEMBERED_LIMIT) answers.clear();
      answers.set(k, (answer = call(key, values)));
    }
    return answer;
  };
  return Object.assign(wrapped, t) as unknown as T;
}

/**
 * A single word by a key that may come from stored data (a status column): a key the catalogue lacks yields
 * undefined, as a plain record lookup would, instead of next-intl's "namespace.key" fallback text.
 */
export function wordOf<N extends "status" | "update" | "maintenance" | "notify">(locale: LocaleInput, namespace: N, key: string): string | undefined {
  if (!Object.hasOwn(en[namespace], key)) return undefined;
  return (translator(locale, namespace) as unknown as (k: string) => string)(key);
}

/** Numbers and dates in the locale's own notation (decimal separator, digit grouping). */
export function formatter(locale: LocaleInput) {
  return createFormatter({ locale: localeFrom(locale) });
}

/** A subset of a locale's catalogue, for the few client components that need words (small hydration payload). */
export function pickMessages(locale: PageLocale, namespaces: readonly Namespace[]): Partial<Messages> {
  const all = CATALOGUES[locale];
  return Object.fromEntries(namespaces.map((n) => [n, all[n]])) as Partial<Messages>;
}

/** Each locale's name in itself, for the language switcher. */
export const LOCALE_NAMES: Record<PageLocale, string> = { en: "English", de: "Deutsch", fr: "Français", es: "Español", pt: "Português", ja: "日本語" };

export { DEFAULT_LOCALE };

const percentFormats = new Map<string, Intl.NumberFormat>();

/**
 * An uptime percentage in the locale's notation ("99.95%", "99,95 %"), never rounded up to 100 (as
 * lib/public-page/view.ts formatUptime, whose English output this matches character for character).
 */
export function formatUptimeIn(v: number | null, locale: LocaleInput): string {
  const l = localeFrom(locale);
  if (v === null) return translator(l, "status")("noData");
  const whole = v >= 100;
  const key = `${l}:${whole}`;
  let f = percentFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(l, { style: "percent", minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 });
    percentFormats.set(key, f);
  }
  return f.format(whole ? 1 : Math.floor(v * 100) / 10_000);
}
