/**
 * The locales a page may name. Heliograph's own words exist in English only for now;
 * the list is the allow-list the API validates against and the one translations will fill in.
 */
export const PAGE_LOCALES = ["en", "de", "fr", "es", "pt", "ja"] as const;
export type PageLocale = (typeof PAGE_LOCALES)[number];
export const DEFAULT_LOCALE: PageLocale = "en";

export function isPageLocale(s: string): s is PageLocale {
  return (PAGE_LOCALES as readonly string[]).includes(s);
}

/** A stored locale that is no longer allowed falls back to the default rather than failing a render. */
export function localeOf(locale: string | null | undefined): PageLocale {
  return locale && isPageLocale(locale) ? locale : DEFAULT_LOCALE;
}
