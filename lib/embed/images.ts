import "server-only";
import { NotFoundError } from "@/lib/errors";
import { loadIncidentForPage } from "@/lib/public-page/incident";
import { renderIncidentImage, renderPageImage } from "@/lib/og/render";
import { embedRoute, type EmbedHandler } from "./route";

/** Open Graph images: cached with the page (same tag), so an incident update refreshes the preview too. */
export const pageImageRoute: EmbedHandler = embedRoute("image", async (ctx) => ({
  body: await renderPageImage(await ctx.snapshot(), ctx.pageUrl),
  contentType: "image/png",
}));

export const incidentImageRoute: EmbedHandler = embedRoute("image", async (ctx, params) => {
  const view = await loadIncidentForPage(ctx.db, ctx.page, params.id ?? "");
  if (!view) throw new NotFoundError("Incident not found on this status page");
  return { body: await renderIncidentImage(ctx.page, view, ctx.pageUrl), contentType: "image/png" };
});
