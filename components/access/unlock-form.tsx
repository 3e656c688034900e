import { translator } from "@/lib/i18n";
import { withLang } from "@/lib/i18n/links";
import type { PageLocale } from "@/lib/time/locale";

/**
 * Asks for a page key or the page password; posts to <base>/access, which sets the access cookie. Words: lib/i18n
 * namespace `access`; the action carries the visitor's ?lang= so the route's own answers (429) read in it too.
 */
export function UnlockForm({ pageName, base, next, denied, locale = "en", lang = null }: { pageName: string; base: string; next: string; denied: boolean; locale?: PageLocale; lang?: PageLocale | null }) {
  const t = translator(locale, "access");
  return (
    <section className="panel max-w-lg" aria-labelledby="unlock-title">
      <h1 id="unlock-title" className="page-title">
        {t("title", { name: pageName })}
      </h1>
      <p className="muted">{t("intro")}</p>
      {denied && (
        <p className="notice" role="alert">
          {t("denied")}
        </p>
      )}
      <form method="post" action={withLang(`${base}/access`, lang)}>
        <input type="hidden" name="next" value={next} />
        <label className="field">
          {t("label")}
          <input name="secret" type="password" autoComplete="current-password" required maxLength={512} />
        </label>
        <button className="button" type="submit">
          {t("open")}
        </button>
      </form>
    </section>
  );
}
