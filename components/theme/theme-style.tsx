import { createHash } from "node:crypto";
import type { Theme } from "@/lib/db/types";
import type { ThemeColors } from "@/lib/status-pages/types";
import { themeCss } from "@/lib/theme/css";

/**
 * The page's colours as CSS variables. React hoists a <style> with href and precedence into <head>,
 * so together with the theme script there (app/layout.tsx) the first paint has the right theme.
 */
export function ThemeStyle({ colors, defaultTheme }: { colors: string | ThemeColors | null; defaultTheme: Theme }) {
  const css = themeCss(colors, defaultTheme);
  const href = `hg-theme-${createHash("sha256").update(css).digest("hex").slice(0, 16)}`;
  return (
    <style href={href} precedence="heliograph">
      {css}
    </style>
  );
}
