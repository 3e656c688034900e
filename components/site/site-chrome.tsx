import type { StatusPage } from "@/lib/db/types";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { zoneOf } from "@/lib/time/zone";
import { translator } from "@/lib/i18n";
import type { PageLocale } from "@/lib/time/locale";
import { LanguageSwitcher } from "./language-switcher";
import { withLang } from "@/lib/i18n/links";

/* Every word of the header and footer: lib/i18n messages, namespace `chrome`. Links keep the visitor's ?lang= (lib/i18n/links.ts). */

/** The width and padding every part of the page shares. */
export const CONTAINER = "mx-auto w-full max-w-4xl px-4";

/** Logo (logoDark in the dark theme) or name; it links to the operator's site (redirectTo) when set. */
export function Brand({ page, base, lang = null }: { page: StatusPage; base: string; lang?: PageLocale | null }) {
  const href = page.redirect_to ?? withLang(base || "/", lang);
  const hasDark = !!(page.logo && page.logo_dark);
  return (
    <a className={`brand inline-flex min-w-0 items-center gap-2.5 text-lg font-bold break-words text-header-fg no-underline${hasDark ? " has-dark" : ""}`} href={href}>
      {page.logo ? (
        <>
          {/* eslint-disable-next-line @next/next/no-img-element -- operator-hosted logos, any host */}
          <img className="logo-light max-h-10 max-w-40 sm:max-w-56" src={page.logo} alt={page.name} />
          {hasDark && (
            // eslint-disable-next-line @next/next/no-img-element
            <img className="logo-dark hidden max-h-10 max-w-40 sm:max-w-56" src={page.logo_dark!} alt={page.name} />
          )}
        </>
      ) : (
        <span>{page.name}</span>
      )}
    </a>
  );
}

/**
 * Brand and theme toggle share the first row; the links take the second on a phone and join the first row
 * from 640 px, so the status stays above the fold. The focus ring takes the header's font colour: the page's
 * link colour can be close to the header's background (2.06:1 on the demo's light theme).
 */
export function SiteHeader({ page, base, locked, locale = "en", lang = null }: { page: StatusPage; base: string; locked: boolean; locale?: PageLocale; lang?: PageLocale | null }) {
  const t = translator(locale, "chrome");
  const link = "text-nav underline-offset-4 hover:underline";
  return (
    <header className="site-header border-b border-line bg-header text-header-fg [--hg-ring:var(--hg-header-fg)]">
      <div className={`${CONTAINER} flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3`}>
        <Brand page={page} base={base} lang={lang} />
        {/* An island on statically rendered pages (components/islands): the browser mounts the toggle here. */}
        <div className="sm:order-last" data-island="theme-toggle">
          <ThemeToggle />
        </div>
        {!locked && (
          <nav aria-label={t("nav")} className="order-last flex w-full flex-wrap items-center gap-x-4 gap-y-1 text-sm sm:order-none sm:ml-auto sm:w-auto">
            <a className={link} href={withLang(base || "/", lang)}>
              {t("status")}
            </a>
            <a className={link} href={withLang(`${base}/history`, lang)}>
              {t("history")}
            </a>
            <a className="ml-auto rounded-md bg-btn px-3 py-1.5 font-semibold text-btn-fg no-underline sm:ml-0" href={withLang(`${base}/subscribe`, lang)}>
              <span className="sm:hidden">{t("subscribe")}</span>
              <span className="max-sm:hidden">{t("subscribeLong")}</span>
            </a>
          </nav>
        )}
      </div>
    </header>
  );
}

/** The operator's footer text and legal links (v3 page fields, shown as written), then Heliograph's own line. */
export function SiteFooter({ page, locale = "en", query = "" }: { page: Pick<StatusPage, "footer_text" | "privacy_policy_link" | "terms_of_service_link" | "timezone">; locale?: PageLocale; query?: string }) {
  const t = translator(locale, "chrome");
  const links: { href: string; label: string }[] = [];
  if (page.privacy_policy_link) links.push({ href: page.privacy_policy_link, label: t("privacy") });
  if (page.terms_of_service_link) links.push({ href: page.terms_of_service_link, label: t("terms") });
  return (
    <footer className="site-footer border-t border-line pt-5 pb-8 text-sm text-muted">
      <div className={`${CONTAINER} flex flex-col gap-2`}>
        {page.footer_text && <p className="m-0 whitespace-pre-line">{page.footer_text}</p>}
        {links.length > 0 && (
          <nav aria-label={t("legal")} className="flex flex-wrap gap-4">
            {links.map((l) => (
              <a key={l.label} href={l.href} rel="noopener noreferrer" className="text-muted underline">
                {l.label}
              </a>
            ))}
          </nav>
        )}
        <LanguageSwitcher current={locale} label={t("language")} query={query} />
        <p className="m-0">
          {t("times", { zone: zoneOf(page.timezone) })} {t("powered")}
        </p>
      </div>
    </footer>
  );
}
