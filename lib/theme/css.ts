import type { Theme } from "@/lib/db/types";
import { THEME_COLOR_FIELDS, type ThemeColorField, type ThemeColors, type ThemePalette } from "@/lib/status-pages/types";
import { contrastRatio, parseHex } from "./contrast";
import { HELIOGRAPH_THEME, STATUS_COLORS, type StatusPalette } from "./palette";

/**
 * A page's colours as CSS custom properties, written on the server so the first paint is right.
 * AUTO follows prefers-color-scheme; `data-theme` on <html> (set by the visitor's toggle before
 * paint) overrides both the media query and a forced default.
 */
export const CSS_VARS: Record<ThemeColorField, string> = {
  bodyBackgroundColor: "--hg-bg",
  headerBackgroundColor: "--hg-header-bg",
  headerFontColor: "--hg-header-fg",
  titleFontColor: "--hg-title",
  bodyFontColor: "--hg-text",
  bodyFontColorMuted: "--hg-muted",
  navigationFontColor: "--hg-nav",
  linkFontColor: "--hg-link",
  cardBackgroundColor: "--hg-card",
  borderColor: "--hg-border",
  primaryButtonBackgroundColor: "--hg-btn-bg",
  primaryButtonFontColor: "--hg-btn-fg",
};

const STATUS_VARS: Record<keyof StatusPalette, string> = {
  OPERATIONAL: "--hg-s-ok",
  DEGRADED_PERFORMANCE: "--hg-s-degraded",
  PARTIAL_OUTAGE: "--hg-s-partial",
  MAJOR_OUTAGE: "--hg-s-major",
  UNDER_MAINTENANCE: "--hg-s-maintenance",
  NO_DATA: "--hg-s-nodata",
};

/** Parses stored themeColors; a missing or malformed field falls back to Heliograph's (nothing unchecked reaches CSS). */
export function resolveTheme(stored: string | ThemeColors | null): ThemeColors {
  let value: unknown = stored;
  if (typeof stored === "string") {
    try {
      value = JSON.parse(stored);
    } catch {
      value = null;
    }
  }
  const v = (value ?? {}) as Partial<Record<"light" | "dark", Partial<Record<ThemeColorField, unknown>>>>;
  const pick = (mode: "light" | "dark"): ThemePalette => {
    const out = {} as ThemePalette;
    for (const f of THEME_COLOR_FIELDS) {
      const c = v[mode]?.[f];
      out[f] = typeof c === "string" && parseHex(c) ? c.toLowerCase() : HELIOGRAPH_THEME[mode][f];
    }
    return out;
  };
  return { light: pick("light"), dark: pick("dark") };
}

/** The status colour set that reads best on this palette's cards. */
export function statusColorsFor(p: ThemePalette): StatusPalette {
  const worst = (s: StatusPalette) => Math.min(...Object.values(s).map((c) => contrastRatio(c, p.cardBackgroundColor)));
  return worst(STATUS_COLORS.light) >= worst(STATUS_COLORS.dark) ? STATUS_COLORS.light : STATUS_COLORS.dark;
}

function block(p: ThemePalette, scheme: "light" | "dark"): string {
  const vars = THEME_COLOR_FIELDS.map((f) => `${CSS_VARS[f]}:${p[f]}`);
  const status = statusColorsFor(p);
  for (const [k, name] of Object.entries(STATUS_VARS)) vars.push(`${name}:${status[k as keyof StatusPalette]}`);
  vars.push(`--hg-logo-light:${scheme === "light" ? "inline" : "none"}`, `--hg-logo-dark:${scheme === "dark" ? "inline" : "none"}`);
  return `${vars.join(";")};color-scheme:${scheme}`;
}

export function themeCss(themeColors: string | ThemeColors | null, defaultTheme: Theme): string {
  const t = resolveTheme(themeColors);
  const light = block(t.light, "light");
  const dark = block(t.dark, "dark");
  const base = defaultTheme === "DARK" ? dark : light;
  const rules = [`:root{${base}}`];
  if (defaultTheme === "AUTO") rules.push(`@media (prefers-color-scheme: dark){:root:not([data-theme="light"]){${dark}}}`);
  rules.push(`:root[data-theme="light"]{${light}}`, `:root[data-theme="dark"]{${dark}}`);
  return rules.join("\n");
}
