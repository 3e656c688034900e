import type { Theme } from "@/lib/db/types";

/**
 * Theme switching is next-themes' (components/theme/theme-provider.tsx): its inline script applies the
 * visitor's stored choice, or the page's default, to <html data-theme> before the page paints.
 *
 * One thing it cannot do (0.4.6): it writes only the resolved theme ("light"/"dark") to the DOM, never the
 * choice "system", and useTheme().theme is undefined on the server; a toggle must hydrate with the server's
 * markup, so one built on useTheme() alone shows the page default (e.g. "System") until hydration.
 * choiceScript() therefore puts the stored choice itself on <html data-theme-choice> right after
 * next-themes' script, and the toggle's pressed look is CSS on that attribute from the first paint
 * (tests/e2e/page.test.ts checks it in the first animation frame).
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
