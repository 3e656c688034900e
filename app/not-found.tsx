import { headers } from "next/headers";
import { getReadyDb } from "@/lib/db";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { translator } from "@/lib/i18n";
import { carriedLang, withLang } from "@/lib/i18n/links";
import { BASE_HEADER, DOMAIN_BASE, LOCALE_HEADER } from "@/lib/tenancy/headers";
import { localeOf } from "@/lib/time/locale";
import { SLUG_PATTERN } from "@/lib/tenancy/route";
import { ThemeStyle } from "@/components/theme/theme-style";

/**
 * 404 for an unknown /<slug>, and for an unknown path below a page that exists (proxy.ts passes the page's
 * base): then it says the page exists and links to it. Words: lib/i18n namespace `notFound`, in the language
 * proxy.ts resolved for the page (its locale or the visitor's ?lang=); English when there is no page.
 */
export default async function NotFound() {
  const h = await headers();
  const base = h.get(BASE_HEADER);
  const locale = localeOf(h.get(LOCALE_HEADER));
  const t = translator(locale, "notFound");
  const slug = base?.startsWith("/") ? base.slice(1) : null;
  const page = slug && SLUG_PATTERN.test(slug) ? await findPageBySlug(await getReadyDb(), slug) : undefined;
  const onDomain = base === DOMAIN_BASE;
  return (
    <>
      <ThemeStyle colors={page?.theme_colors ?? null} defaultTheme={page?.default_theme ?? "AUTO"} />
      <main id="main" className="site-main mx-auto max-w-2xl px-4 pt-8">
        <h1 className="page-title">{page || onDomain ? t("pageTitle") : t("siteTitle")}</h1>
        <p>{page ? t("pageBody", { name: page.name }) : onDomain ? t("domainBody") : t("siteBody")}</p>
        {(page || onDomain) && (
          <p>
            <a href={page ? withLang(`/${page.url}`, carriedLang(locale, page.locale)) : "/"}>{page ? t("goTo", { name: page.name }) : t("goToDomain")}</a>
          </p>
        )}
      </main>
    </>
  );
}
