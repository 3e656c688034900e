import { PRIVATE_HEADERS } from "@/lib/cache/headers";
import { getReadyDb } from "@/lib/db";
import { translator } from "@/lib/i18n";
import { siteLocale } from "@/lib/public-page/site";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { unsubscribeByToken } from "@/lib/subscriptions/self-service";
import { validBase } from "@/lib/tenancy/address";
import { BASE_HEADER, LOCALE_HEADER } from "@/lib/tenancy/headers";
import { SLUG_PATTERN } from "@/lib/tenancy/route";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ site: string }> };

const text = (status: number, body: string) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...PRIVATE_HEADERS } });

async function pageOf(ctx: Ctx) {
  const slug = (await ctx.params).site.toLowerCase();
  const db = await getReadyDb();
  return { db, page: SLUG_PATTERN.test(slug) ? await findPageBySlug(db, slug) : undefined };
}

/**
 * RFC 8058 one-click unsubscribe: the signed token in the URL is the only credential (no cookie, no session). The
 * answer, rarely seen (mail clients post it), is in the page's language (proxy.ts's header; English for no page).
 */
export async function POST(request: Request, ctx: Ctx) {
  const { db, page } = await pageOf(ctx);
  const t = translator(page ? siteLocale(request.headers.get(LOCALE_HEADER), page.locale) : "en", "manage");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!page || !(await unsubscribeByToken(db, page, token))) return text(404, t("oneClickInvalid"));
  return text(200, t("oneClickDone"));
}

/** Mail scanners follow links: a GET only leads to the manage page, where a button unsubscribes. */
export async function GET(request: Request, ctx: Ctx) {
  const { page } = await pageOf(ctx);
  if (!page) return text(404, translator("en", "access")("noPageText"));
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const base = validBase(request.headers.get(BASE_HEADER), page);
  return new Response(null, { status: 303, headers: { Location: `${base}/manage?token=${encodeURIComponent(token)}`, ...PRIVATE_HEADERS } });
}
