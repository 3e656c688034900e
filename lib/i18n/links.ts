import { LANG } from "@/lib/tenancy/route-class";
import { localeOf, type PageLocale } from "@/lib/time/locale";

/*
 * In-page links keep the visitor's language: proxy.ts's allow-listed `?lang=`, handed to the page as `site.locale`.
 * A link carries it only when it differs from the page's own locale, so a visitor who never switched sees, and the
 * front cache keys, the canonical links.
 */

/** The `lang` to carry on links: the language shown when it is not the page's own, else null. */
export function carriedLang(shown: PageLocale | undefined, pageLocale: string): PageLocale | null {
  const own = localeOf(pageLocale);
  return shown && shown !== own ? shown : null;
}

/** The same for a loaded site (lib/public-page/site.ts Site). */
export const siteLang = (site: { locale?: PageLocale; page: { locale: string } }) => carriedLang(site.locale, site.page.locale);

/** `href` with `lang=<lang>` added to its query (before any #fragment); unchanged for null or when it has one. */
export function withLang(href: string, lang: PageLocale | null | undefined): string {
  if (!lang) return href;
  const hash = href.indexOf("#");
  const path = hash === -1 ? href : href.slice(0, hash);
  const fragment = hash === -1 ? "" : href.slice(hash);
  const q = path.indexOf("?");
  if (q !== -1 && new URLSearchParams(path.slice(q + 1)).has(LANG)) return href;
  return `${path}${q === -1 ? "?" : "&"}${LANG}=${lang}${fragment}`;
}
