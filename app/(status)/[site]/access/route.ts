import { handleUnlock } from "@/lib/access/form";
import { PRIVATE_HEADERS } from "@/lib/cache/headers";
import { getReadyDb } from "@/lib/db";
import { translator } from "@/lib/i18n";
import { locationValue } from "@/lib/http/location";
import { siteLocale } from "@/lib/public-page/site";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { validBase } from "@/lib/tenancy/address";
import { BASE_HEADER, LOCALE_HEADER } from "@/lib/tenancy/headers";
import { SLUG_PATTERN } from "@/lib/tenancy/route";
import type { PageLocale } from "@/lib/time/locale";
import { escapeHtml } from "@/lib/text/escape";

export const dynamic = "force-dynamic";

function page(locale: PageLocale, status: number, title: string, text: string, back: string, extra: Record<string, string> = {}) {
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(back)}">${escapeHtml(translator(locale, "access")("back"))}</a></p></main></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", ...PRIVATE_HEADERS, ...extra } });
}

/**
 * The private page unlock form posts here (thin: parse the page, one verb, respond). Its own answers are in the
 * page's language, or the visitor's ?lang= that the form's action carries (proxy.ts resolves it into the header).
 */
export async function POST(request: Request, { params }: { params: Promise<{ site: string }> }) {
  const slug = (await params).site.toLowerCase();
  const db = await getReadyDb();
  const statusPage = SLUG_PATTERN.test(slug) ? await findPageBySlug(db, slug) : undefined;
  if (!statusPage) return page("en", 404, translator("en", "access")("noPage"), translator("en", "access")("noPageText"), "/");
  const locale = siteLocale(request.headers.get(LOCALE_HEADER), statusPage.locale);
  const t = translator(locale, "access");
  const base = validBase(request.headers.get(BASE_HEADER), statusPage);
  const result = await handleUnlock(db, statusPage, base, request);
  if (result.kind === "error") return page(locale, result.status, t("badForm"), t("badFormText"), base || "/");
  if (result.kind === "throttled") {
    const s = result.retryAfterSeconds;
    return page(locale, 429, t("throttled"), t("throttledText", { count: s }), base || "/", { "Retry-After": String(s) });
  }
  const headers = new Headers({ Location: locationValue(result.location, base || "/"), ...PRIVATE_HEADERS });
  if (result.setCookie) headers.append("Set-Cookie", result.setCookie);
  return new Response(null, { status: 303, headers });
}
