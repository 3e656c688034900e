import { LOCALE_NAMES } from "@/lib/i18n";
import { PAGE_LOCALES, type PageLocale } from "@/lib/time/locale";

/**
 * Plain links (no JavaScript): "?…&lang=xx" resolves against the current address, so the visitor stays on the
 * page with the rest of its query (`query`, already without `lang`: a confirmation token, a history page number).
 * Each name is written in its own language, marked with `lang` for screen readers.
 */
export function LanguageSwitcher({ current, label, query = "" }: { current: PageLocale; label: string; query?: string }) {
  return (
    <nav aria-label={label} className="flex flex-wrap gap-x-3 gap-y-1" data-language-switcher>
      {PAGE_LOCALES.map((l) => (
        <a key={l} href={`?${query ? `${query}&` : ""}lang=${l}`} lang={l} hrefLang={l} aria-current={l === current ? "true" : undefined} className={l === current ? "font-semibold text-muted no-underline" : "text-muted underline"}>
          {LOCALE_NAMES[l]}
        </a>
      ))}
    </nav>
  );
}
