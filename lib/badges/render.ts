import { makeBadge } from "badge-maker";
import { z } from "zod";
import type { BadgeValue } from "./values";

export const BADGE_STYLES = ["flat", "flat-square", "plastic", "for-the-badge", "social"] as const;
export type BadgeStyle = (typeof BADGE_STYLES)[number];

/** Longer labels are cut: a badge is a few words, and a 10 kB label must not become a 10 kB-wide SVG. */
export const MAX_LABEL_LENGTH = 64;

/** Query of every badge route; unknown values fall back to defaults rather than failing an <img>. */
export const BadgeQuery = z.object({
  style: z.enum(BADGE_STYLES).catch("flat"),
  theme: z.enum(["light", "dark"]).catch("light"),
  label: z.string().optional().catch(undefined),
});
export type BadgeQuery = z.infer<typeof BadgeQuery>;

export function parseBadgeQuery(params: URLSearchParams): BadgeQuery {
  return BadgeQuery.parse({ style: params.get("style") ?? undefined, theme: params.get("theme") ?? undefined, label: params.get("label") ?? undefined });
}

// XML 1.0 forbids most control characters even when escaped; lone surrogates are not characters at all.
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Removes what XML cannot carry, collapses whitespace and caps the length (by code points). */
export function cleanText(text: string, max = MAX_LABEL_LENGTH): string {
  const chars = [...text.replace(NOT_XML_CHAR, "").replace(/\s+/g, " ").trim()];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : chars.join("");
}

/** The badge value with the visitor's label override applied and every text cleaned and capped. */
export function applyQuery(value: BadgeValue, query: BadgeQuery): BadgeValue {
  return { ...value, label: cleanText(query.label ?? value.label), message: cleanText(value.message) || "unknown" };
}

const LABEL_COLOR = { light: "#555", dark: "#24292f" } as const;

/** badge-maker escapes text and attributes (&, <, >, quotes); cleanText removed what escaping cannot fix. */
export function renderBadgeSvg(value: BadgeValue, query: BadgeQuery): string {
  const v = applyQuery(value, query);
  return makeBadge({ label: v.label, message: v.message, color: v.color, labelColor: LABEL_COLOR[query.theme], style: query.style });
}

/** https://shields.io/badges/endpoint-badge — `cacheSeconds` below shields' 300 s floor would be ignored. */
export interface ShieldsEndpoint {
  schemaVersion: 1;
  label: string;
  message: string;
  color: string;
  labelColor?: string;
  style?: BadgeStyle;
  cacheSeconds: number;
}

export function shieldsJson(value: BadgeValue, query: BadgeQuery, raw: URLSearchParams): ShieldsEndpoint {
  const v = applyQuery(value, query);
  const out: ShieldsEndpoint = { schemaVersion: 1, label: v.label, message: v.message, color: v.color, cacheSeconds: 300 };
  if (raw.has("theme")) out.labelColor = LABEL_COLOR[query.theme];
  if (raw.has("style")) out.style = query.style;
  return out;
}
