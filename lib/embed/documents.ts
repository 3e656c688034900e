import "server-only";
import { buildCalendar, CALENDAR_CONTENT_TYPE } from "@/lib/calendar/build";
import { buildFeed, FEED_CONTENT_TYPE, type FeedFormat } from "@/lib/feeds/build";
import { listWindowsForPage } from "@/lib/maintenance/shown";
import { renderMarkdown } from "@/lib/markdown";
import type { PageSnapshot } from "@/lib/public-page/load";
import { loadPageStructure } from "@/lib/components/structure";
import type { ProjectionContext } from "@/lib/statuspage-compat/project";
import { embedRoute, type EmbedHandler } from "./route";

const JSON_TYPE = "application/json; charset=utf-8";

/** A Statuspage v2 endpoint: a pure projection of the page snapshot. */
export function statuspageRoute(project: (snap: PageSnapshot, ctx: ProjectionContext) => unknown): EmbedHandler {
  return embedRoute("json", async (ctx) => ({ body: JSON.stringify(project(await ctx.snapshot(), { pageUrl: ctx.pageUrl })), contentType: JSON_TYPE }));
}

export function feedRoute(format: FeedFormat): EmbedHandler {
  return embedRoute("feed", async (ctx) => ({
    body: buildFeed(await ctx.snapshot(), { pageUrl: ctx.pageUrl, renderMarkdown }, format),
    contentType: FEED_CONTENT_TYPE[format],
  }));
}

/** Reads the windows themselves: the calendar writes repeats as RRULEs, not as expanded occurrences. */
export const calendarRoute: EmbedHandler = embedRoute("calendar", async (ctx) => {
  const [windows, structure] = await Promise.all([listWindowsForPage(ctx.db, ctx.page.account_id, ctx.page.id), loadPageStructure(ctx.db, ctx.page)]);
  const serviceNames = new Map(structure.components.map((c) => [c.id, c.name]));
  return {
    body: buildCalendar(windows, { page: ctx.page, pageUrl: ctx.pageUrl, serviceNames, now: ctx.now }),
    contentType: CALENDAR_CONTENT_TYPE,
    headers: { "Content-Disposition": `inline; filename="${ctx.page.url}-maintenance.ics"` },
  };
});
