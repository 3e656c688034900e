import { describe, expect, it } from "vitest";
import { AA_GRAPHIC, AA_TEXT, contrastRatio } from "@/lib/theme/contrast";
import { resolveTheme, statusColorsFor, themeCss } from "@/lib/theme/css";
import { HELIOGRAPH_THEME, STATUS_COLORS } from "@/lib/theme/palette";
import { DEMO_THEME } from "@/lib/demo/data";
import type { ThemePalette } from "@/lib/status-pages/types";

describe("contrastRatio", () => {
  it("matches the WCAG reference values", () => {
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#fff")).toBeCloseTo(1, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });
});

function textPairs(p: ThemePalette): [string, string, string][] {
  return [
    ["title on body", p.titleFontColor, p.bodyBackgroundColor],
    ["text on body", p.bodyFontColor, p.bodyBackgroundColor],
    ["muted on body", p.bodyFontColorMuted, p.bodyBackgroundColor],
    ["link on body", p.linkFontColor, p.bodyBackgroundColor],
    ["title on card", p.titleFontColor, p.cardBackgroundColor],
    ["text on card", p.bodyFontColor, p.cardBackgroundColor],
    ["muted on card", p.bodyFontColorMuted, p.cardBackgroundColor],
    ["link on card", p.linkFontColor, p.cardBackgroundColor],
    ["header text", p.headerFontColor, p.headerBackgroundColor],
    ["navigation", p.navigationFontColor, p.headerBackgroundColor],
    ["button", p.primaryButtonFontColor, p.primaryButtonBackgroundColor],
  ];
}

describe.each([
  ["Heliograph palette", HELIOGRAPH_THEME],
  ["demo palette", DEMO_THEME],
])("%s passes WCAG AA", (_name, theme) => {
  for (const mode of ["light", "dark"] as const) {
    const p = theme[mode];
    it.each(textPairs(p))(`${mode}: %s`, (_label, fg, bg) => {
      expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(AA_TEXT);
    });
    it(`${mode}: status colours read as text on cards and body, and as bars`, () => {
      const status = statusColorsFor(p);
      for (const [name, c] of Object.entries(status)) {
        const onCard = contrastRatio(c, p.cardBackgroundColor);
        const onBody = contrastRatio(c, p.bodyBackgroundColor);
        if (name === "NO_DATA") expect(onCard, `${mode} ${name}`).toBeGreaterThanOrEqual(AA_GRAPHIC);
        else expect(Math.min(onCard, onBody), `${mode} ${name} ${c}`).toBeGreaterThanOrEqual(AA_TEXT);
      }
    });
  }
});

describe("status colour sets", () => {
  it("are AA as text on Heliograph's light and dark cards", () => {
    for (const c of Object.values(STATUS_COLORS.light)) expect(contrastRatio(c, HELIOGRAPH_THEME.light.cardBackgroundColor)).toBeGreaterThanOrEqual(AA_TEXT);
    for (const c of Object.values(STATUS_COLORS.dark)) expect(contrastRatio(c, HELIOGRAPH_THEME.dark.cardBackgroundColor)).toBeGreaterThanOrEqual(AA_TEXT);
  });
  it("picks the set that reads best on a custom palette", () => {
    expect(statusColorsFor({ ...HELIOGRAPH_THEME.light, cardBackgroundColor: "#111111" })).toBe(STATUS_COLORS.dark);
    expect(statusColorsFor({ ...HELIOGRAPH_THEME.dark, cardBackgroundColor: "#fafafa" })).toBe(STATUS_COLORS.light);
  });
});

describe("themeCss", () => {
  it("AUTO: light by default, dark under prefers-color-scheme, both overridable by data-theme", () => {
    const css = themeCss(null, "AUTO");
    expect(css).toMatch(/^:root\{--hg-bg:#f6f7f9;/);
    expect(css).toContain('@media (prefers-color-scheme: dark){:root:not([data-theme="light"]){--hg-bg:#0f1115;');
    expect(css).toContain(':root[data-theme="dark"]{--hg-bg:#0f1115;');
    expect(css).toContain(':root[data-theme="light"]{--hg-bg:#f6f7f9;');
  });
  it("LIGHT and DARK force their theme regardless of the system setting", () => {
    expect(themeCss(null, "DARK")).toMatch(/^:root\{--hg-bg:#0f1115;/);
    expect(themeCss(null, "DARK")).not.toContain("prefers-color-scheme");
    expect(themeCss(null, "LIGHT")).toMatch(/^:root\{--hg-bg:#f6f7f9;/);
    expect(themeCss(null, "LIGHT")).not.toContain("prefers-color-scheme");
  });
  it("uses the page's themeColors", () => {
    const css = themeCss(JSON.stringify(DEMO_THEME), "AUTO");
    expect(css).toContain(`--hg-bg:${DEMO_THEME.light.bodyBackgroundColor}`);
    expect(css).toContain(`--hg-header-bg:${DEMO_THEME.dark.headerBackgroundColor}`);
  });
  it("never lets a stored value break out of the style element", () => {
    const evil = { light: { ...HELIOGRAPH_THEME.light, bodyBackgroundColor: "red;}</style><script>alert(1)</script>" }, dark: { bodyFontColor: 42 } };
    const css = themeCss(JSON.stringify(evil), "AUTO");
    expect(css).not.toMatch(/<|script|red/);
    expect(resolveTheme(JSON.stringify(evil)).light.bodyBackgroundColor).toBe(HELIOGRAPH_THEME.light.bodyBackgroundColor);
    expect(resolveTheme("not json")).toEqual(HELIOGRAPH_THEME);
  });
});
