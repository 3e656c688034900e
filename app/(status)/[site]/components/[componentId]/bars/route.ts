import { embedRoute } from "@/lib/embed/route";
import { componentBarsHtml } from "@/lib/public-page/component-bars";
import { visitorLocale } from "@/lib/tenancy/route-class";

export const dynamic = "force-dynamic";

/** A component's uptime bars with their labels, in the page's language (or ?lang=): fetched by the page's islands. */
export const GET = embedRoute("html", async ({ db, page, url, now }, { componentId }) => ({
  body: await componentBarsHtml(db, page, componentId, visitorLocale(url.searchParams, page.locale), now),
  contentType: "text/html; charset=utf-8",
}));
