import type { Theme } from "@/lib/db/types";
import type { ThemeColors } from "@/lib/status-pages/types";
import { themeCss } from "@/lib/theme/css";
import { THEME_SCRIPT } from "@/lib/theme/script";

/**
 * The page's colours as CSS variables plus the tiny blocking script that applies a remembered
 * toggle choice; both render before any content, so the first paint has the right theme.
 */
export function ThemeStyle({ colors, defaultTheme }: { colors: string | ThemeColors | null; defaultTheme: Theme }) {
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: themeCss(colors, defaultTheme) }} />
      <script dangerouslySetInnerHTML={{ __html: THEME_SCRIPT }} />
    </>
  );
}
