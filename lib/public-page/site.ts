import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { checkPageAccess } from "@/lib/access";
import { getReadyDb } from "@/lib/db";
import type { StatusPage } from "@/lib/db/types";
import { env } from "@/lib/env";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { pageAddress, validBase, type SiteBase } from "@/lib/tenancy/address";
import { BASE_HEADER, LOCALE_HEADER, QUERY_HEADER } from "@/lib/tenancy/headers";
import { LANG } from "@/lib/tenancy/route-class";
import { isPageLocale, localeOf, type PageLocale } from "@/lib/time/locale";
import { SLUG_PATTERN } from "@/lib/tenancy/route";

export interface Site {
  page: StatusPage;
  /** prefix of in-page links: "" on the page's custom domain, "/<slug>" on the primary host */
  base: SiteBase;
  /** canonical address (custom domain when set) */
  address: string;
  /** false for a private page the visitor has not unlocked */
  access: boolean;
  /** Heliograph's words: the visitor's allow-listed ?lang= (resolved by proxy.ts), else the page's locale */
  locale: PageLocale;
  /** the request's query without `lang` (proxy.ts), for links that switch language and must stay on this view */
  query?: string;
}

/**
 * The page a request under /<slug> is for, with the visitor's access checked here (not trusted from
 * proxy.ts). Cached per request, so the layout, the page and generateMetadata share one lookup.
 */
export const loadSite = cache(async (slug: string): Promise<Site | null> => {
  const s = slug.toLowerCase();
  if (!SLUG_PATTERN.test(s)) return null;
  const db = await getReadyDb();
  const page = await findPageBySlug(db, s);
  if (!page) return null;
  const h = await headers();
  const access = await checkPageAccess(db, page, { cookieHeader: h.get("cookie"), authorization: h.get("authorization"), keyParam: null });
  return {
    page,
    base: validBase(h.get(BASE_HEADER), page),
    address: pageAddress(page, env.HELIOGRAPH_PUBLIC_URL),
    access,
    locale: siteLocale(h.get(LOCALE_HEADER), page.locale),
    query: siteQuery(h.get(QUERY_HEADER)),
  };
});

/** Re-serialised through URLSearchParams (so it is a query and nothing else), `lang` dropped, bounded in length. */
export function siteQuery(header: string | null): string {
  if (!header || header.length > 2048) return "";
  const q = new URLSearchParams(header);
  q.delete(LANG);
  return q.toString();
}

/** The header is set by proxy.ts (deleted from incoming requests); an absent or unknown value means the page's own. */
export const siteLocale = (header: string | null, pageLocale: string): PageLocale => (header && isPageLocale(header) ? header : localeOf(pageLocale));
