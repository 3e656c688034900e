import { translator } from "@/lib/i18n";
import { withLang } from "@/lib/i18n/links";
import type { PageLocale } from "@/lib/time/locale";

/** What a page route did not find, each with its own sentence (lib/i18n namespace `notFound`). */
export type Missing = "page" | "incident" | "maintenance" | "history";

/** "Not found" inside a page's frame (proxy.ts has already set the 404 status), in the page's language. */
export function NotFoundContent({ base, what = "page", locale = "en", lang = null }: { base: string; what?: Missing; locale?: PageLocale; lang?: PageLocale | null }) {
  const t = translator(locale, "notFound");
  return (
    <section aria-labelledby="nf-title">
      <h1 id="nf-title" className="page-title">
        {t("title")}
      </h1>
      <p className="muted">{t(what)}</p>
      <a href={withLang(base || "/", lang)}>{t("back")}</a>
    </section>
  );
}
