import "server-only";
import { makeBadge } from "badge-maker";
import { parseBadgeQuery, renderBadgeSvg, shieldsJson } from "@/lib/badges/render";
import { pageBadge, serviceBadge, uptimeBadge, type BadgeValue } from "@/lib/badges/values";
import { componentOnPage, componentParam, componentUptime, uptimeWindowOf } from "./data";
import { embedRoute, type EmbedContext, type EmbedHandler, type ErrorRenderer } from "./route";

export type BadgeFormat = "svg" | "json";
type ValueOf = (ctx: EmbedContext, params: Record<string, string>) => Promise<BadgeValue>;

export const SVG_TYPE = "image/svg+xml; charset=utf-8";
const JSON_TYPE = "application/json; charset=utf-8";

/** Errors still draw a badge, so a README shows "not found" or "private" instead of a broken image. */
const svgError: ErrorRenderer = (_status, message) => ({
  body: makeBadge({ label: "status", message, color: "lightgrey" }),
  contentType: SVG_TYPE,
});

const jsonError: ErrorRenderer = (_status, message) => ({
  body: JSON.stringify({ schemaVersion: 1, label: "status", message, color: "lightgrey", isError: true }),
  contentType: JSON_TYPE,
});

/** A badge route: the value, drawn as SVG or served as shields.io endpoint JSON, with `style`, `label`, `theme`. */
export function badgeRoute(format: BadgeFormat, valueOf: ValueOf): EmbedHandler {
  const kind = format === "svg" ? "badge" : "json";
  return embedRoute(
    kind,
    async (ctx, params) => {
      const value = await valueOf(ctx, params);
      const query = parseBadgeQuery(ctx.url.searchParams);
      if (format === "svg") return { body: renderBadgeSvg(value, query), contentType: SVG_TYPE };
      return { body: JSON.stringify(shieldsJson(value, query, ctx.url.searchParams)), contentType: JSON_TYPE };
    },
    format === "svg" ? svgError : jsonError,
  );
}

export const pageBadgeValue: ValueOf = async (ctx) => pageBadge((await ctx.snapshot()).status);

/** One component's status: /components/<id>/badge.* and its v1 name /services/<id>/badge.* share it. */
export const componentBadgeValue: ValueOf = async (ctx, params) => {
  const component = componentOnPage(await ctx.snapshot(), componentParam(params));
  return serviceBadge(component.name, component.status);
};

export const uptimeBadgeValue: ValueOf = async (ctx, params) => {
  const window = uptimeWindowOf(params.window);
  const snap = await ctx.snapshot();
  return uptimeBadge(window, componentUptime(snap, componentOnPage(snap, componentParam(params)), window));
};
