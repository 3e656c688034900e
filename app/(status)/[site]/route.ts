import type { NextRequest } from "next/server";
import { getReadyDb } from "@/lib/db";
import { loadRecentSnapshot } from "@/lib/public-page/load";
import { loadSite } from "@/lib/public-page/site";
import { staticPages } from "@/lib/static-pages/registry";
import { unavailable } from "@/lib/tenancy/unknown-host";
import { log } from "@/lib/log";

export const dynamic = "force-dynamic";

const HTML = { "Content-Type": "text/html; charset=utf-8" };
const NOT_INSTALLED = "The status page is rendered by Heliograph's own server: start it with `npm start` (or `npm run dev`), not with `next` alone.";

/**
 * The status page (/<slug>, or / on its custom domain) as static markup with islands (lib/static-pages).
 * Heliograph's server answers page loads itself on the public door's decision (lib/static-pages/answer.ts);
 * what reaches this route is Next's share: RSC and prefetch requests (client navigation). Access is checked again.
 */
export async function GET(request: NextRequest, { params }: { params: Promise<{ site: string }> }) {
  const pages = staticPages();
  if (!pages) {
    // `next dev` or `next start` alone: a setup error, not an outage to retry.
    log.error(NOT_INSTALLED);
    return new Response(NOT_INSTALLED, { status: 500, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  try {
    const site = await loadSite((await params).site);
    // proxy.ts answers unknown pages; one deleted in between is gone here too.
    if (!site) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    if (!site.access) {
      const query = Object.fromEntries(request.nextUrl.searchParams);
      return new Response(pages.locked(site, query), { status: 401, headers: HTML });
    }
    // The renderer answers bytes (a string body would be checked character by character for lone surrogates by
    // the Response constructor, a twentieth of the render, profiled, which React's output never has).
    const snap = await loadRecentSnapshot(await getReadyDb(), site.page);
    return new Response(pages.home(site, snap), { headers: HTML });
  } catch (err) {
    // Mostly the store being unreachable: a 503 the front cache answers with its last good copy (stale-if-error).
    // The App Router's error boundary (error.tsx) does not cover a route handler; the log keeps the stack.
    log.error({ err }, "status page render failed");
    return unavailable();
  }
}
