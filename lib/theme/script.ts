import type { Theme } from "@/lib/db/types";

/**
 * next-themes (0.4.6) writes only the resolved theme to the DOM, never the choice "system", and useTheme() is undefined
 * on the server, so a toggle built on it shows the page default until hydration. choiceScript() puts the stored choice
 * on <html data-theme-choice> right after next-themes' script; the toggle's pressed look is CSS on it from first paint.
 */

/** Remembered per page, not per server: one visitor may prefer a dark page here and a light one there. */
export const themeStorageKey = (slug: string) => `hg-theme:${slug}`;

export type ThemeChoice = "light" | "dark" | "system";
export const THEME_CHOICES: readonly ThemeChoice[] = ["light", "dark", "system"];

/** The page's defaultTheme as a next-themes theme name: AUTO follows the system. */
export function defaultChoice(theme: Theme): ThemeChoice {
  return theme === "LIGHT" ? "light" : theme === "DARK" ? "dark" : "system";
}

/** Storage keys are built from validated slugs ([a-z0-9-]), so they are safe inside a JS string literal. */
export function choiceScript(storageKey: string, fallback: ThemeChoice): string {
  const key = JSON.stringify(storageKey);
  const def = JSON.stringify(fallback);
  return `(function(){var d=document.documentElement,c=${def};try{var s=localStorage.getItem(${key});if(s==="light"||s==="dark"||s==="system")c=s}catch(e){}d.setAttribute("data-theme-choice",c)})();`;
}

/**
 * What the inline theme scripts of a page look like (next-themes' call, then CHOICE_SCRIPT), as a
 * pattern for tests that tell the app's own inline scripts from injected ones.
 */
export const THEME_SCRIPT_PATTERN =
  String.raw`^(\(.*\)\("data-theme","hg-theme:[a-z0-9-]+","(light|dark|system)",null,\["light","dark"\],null,true,true\)|\(function\(\)\{var d=document\.documentElement,c="(light|dark|system)";try\{var s=localStorage\.getItem\("hg-theme:[a-z0-9-]+"\);if\(s==="light"\|\|s==="dark"\|\|s==="system"\)c=s\}catch\(e\)\{\}d\.setAttribute\("data-theme-choice",c\)\}\)\(\);)$`;
