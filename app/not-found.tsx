import { headers } from "next/headers";
import { getReadyDb } from "@/lib/db";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { BASE_HEADER, DOMAIN_BASE } from "@/lib/tenancy/headers";
import { SLUG_PATTERN } from "@/lib/tenancy/route";
import { ThemeStyle } from "@/components/theme/theme-style";

const TEXT = {
  title: "Status page not found",
  body: "There is no status page at this address. Check the link, or ask whoever sent it for the right one.",
  pageTitle: "Page not found",
  pageBody: (name: string) => `The status page of ${name} exists, but it has no page at this address. The link may be mistyped or out of date.`,
  domainBody: "This status page exists, but it has no page at this address. The link may be mistyped or out of date.",
  back: (name: string) => `Go to the status of ${name} →`,
  backDomain: "Go to the current status →",
} as const;

/**
 * 404 for an unknown /<slug>, and for an unknown path below a page that exists (proxy.ts passes the page's
 * base): then it says the page exists and links to it.
 */
export default async function NotFound() {
  const base = (await headers()).get(BASE_HEADER);
  const slug = base?.startsWith("/") ? base.slice(1) : null;
  const page = slug && SLUG_PATTERN.test(slug) ? await findPageBySlug(await getReadyDb(), slug) : undefined;
  const onDomain = base === DOMAIN_BASE;
  return (
    <>
      <ThemeStyle colors={page?.theme_colors ?? null} defaultTheme={page?.default_theme ?? "AUTO"} />
      <main id="main" className="site-main mx-auto max-w-2xl px-4 pt-8">
        <h1 className="page-title">{page || onDomain ? TEXT.pageTitle : TEXT.title}</h1>
        <p>{page ? TEXT.pageBody(page.name) : onDomain ? TEXT.domainBody : TEXT.body}</p>
        {(page || onDomain) && (
          <p>
            <a href={page ? `/${page.url}` : "/"}>{page ? TEXT.back(page.name) : TEXT.backDomain}</a>
          </p>
        )}
      </main>
    </>
  );
}
