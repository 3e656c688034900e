import { PRIVATE_HEADERS } from "@/lib/cache/headers";
import { getReadyDb } from "@/lib/db";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { unsubscribeByToken } from "@/lib/subscriptions/self-service";
import { validBase } from "@/lib/tenancy/address";
import { BASE_HEADER } from "@/lib/tenancy/headers";
import { SLUG_PATTERN } from "@/lib/tenancy/route";

export const dynamic = "force-dynamic";

type Ctx = { params: Promise<{ site: string }> };

const text = (status: number, body: string) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...PRIVATE_HEADERS } });

async function pageOf(ctx: Ctx) {
  const slug = (await ctx.params).site.toLowerCase();
  const db = await getReadyDb();
  return { db, page: SLUG_PATTERN.test(slug) ? await findPageBySlug(db, slug) : undefined };
}

/** RFC 8058 one-click unsubscribe: the signed token in the URL is the only credential (no cookie, no session). */
export async function POST(request: Request, ctx: Ctx) {
  const { db, page } = await pageOf(ctx);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!page || !(await unsubscribeByToken(db, page, token))) return text(404, "This unsubscribe link is not valid.");
  return text(200, "You are unsubscribed.");
}

/** Mail scanners follow links: a GET only leads to the manage page, where a button unsubscribes. */
export async function GET(request: Request, ctx: Ctx) {
  const { page } = await pageOf(ctx);
  if (!page) return text(404, "Not found.");
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const base = validBase(request.headers.get(BASE_HEADER), page);
  return new Response(null, { status: 303, headers: { Location: `${base}/manage?token=${encodeURIComponent(token)}`, ...PRIVATE_HEADERS } });
}
