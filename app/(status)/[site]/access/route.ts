import { handleUnlock } from "@/lib/access/form";
import { PRIVATE_HEADERS } from "@/lib/cache/headers";
import { getReadyDb } from "@/lib/db";
import { locationValue } from "@/lib/http/location";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { validBase } from "@/lib/tenancy/address";
import { BASE_HEADER } from "@/lib/tenancy/headers";
import { SLUG_PATTERN } from "@/lib/tenancy/route";

export const dynamic = "force-dynamic";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(status: number, title: string, text: string, back: string, extra: Record<string, string> = {}) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p><p><a href="${escapeHtml(back)}">Back</a></p></main></body></html>`;
  return new Response(html, { status, headers: { "Content-Type": "text/html; charset=utf-8", ...PRIVATE_HEADERS, ...extra } });
}

/** The private page unlock form posts here (thin: parse the page, one verb, respond). */
export async function POST(request: Request, { params }: { params: Promise<{ site: string }> }) {
  const slug = (await params).site.toLowerCase();
  const db = await getReadyDb();
  const statusPage = SLUG_PATTERN.test(slug) ? await findPageBySlug(db, slug) : undefined;
  if (!statusPage) return page(404, "Not found", "There is no status page at this address.", "/");
  const base = validBase(request.headers.get(BASE_HEADER), statusPage);
  const result = await handleUnlock(db, statusPage, base, request);
  if (result.kind === "error") return page(result.status, "Cannot read the form", result.message, base || "/");
  if (result.kind === "throttled") {
    const s = result.retryAfterSeconds;
    return page(429, "Too many attempts", `Too many wrong keys or passwords. Try again in ${s} second${s === 1 ? "" : "s"}.`, base || "/", { "Retry-After": String(s) });
  }
  const headers = new Headers({ Location: locationValue(result.location, base || "/"), ...PRIVATE_HEADERS });
  if (result.setCookie) headers.append("Set-Cookie", result.setCookie);
  return new Response(null, { status: 303, headers });
}
