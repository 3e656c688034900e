import "server-only";
import { embedRoute, type EmbedHandler } from "./route";
import { EMBED_SCRIPT, SCRIPT_CONTENT_TYPE } from "./script";
import { renderWidget, widgetError, widgetTheme } from "./widget";
import { visitorLocale } from "@/lib/tenancy/route-class";
import { localeOf } from "@/lib/time/locale";

const HTML_TYPE = "text/html; charset=utf-8";

/** /<slug>/embed: the frameable widget (a route handler, so it owns its headers: CSP, cache, 401). */
export const widgetRoute: EmbedHandler = embedRoute(
  "html",
  async (ctx) => {
    const theme = widgetTheme(ctx.url.searchParams.get("theme"), ctx.page.default_theme);
    // The page's language, or the embedder's allow-listed ?lang= (a key of its own in the front cache).
    const locale = visitorLocale(ctx.url.searchParams, localeOf(ctx.page.locale));
    return { body: renderWidget(await ctx.snapshot(), ctx.pageUrl, theme, locale), contentType: HTML_TYPE };
  },
  (status) => ({ body: widgetError(status === 401 ? "This status page is private." : status === 404 ? "Status page not found." : "Status unavailable."), contentType: HTML_TYPE }),
);

/** /<slug>/embed.js: the status pill script (identical for every page). */
export const scriptRoute: EmbedHandler = embedRoute("script", async () => ({ body: EMBED_SCRIPT, contentType: SCRIPT_CONTENT_TYPE }));
