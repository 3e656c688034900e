"use client";

import { ThemeProvider as NextThemes } from "next-themes";
import type { ReactNode } from "react";
import type { ThemeChoice } from "@/lib/theme/script";

/**
 * next-themes for one status page: `data-theme` on <html> (the page's CSS variables switch on it, see
 * lib/theme/css.ts), the page's default theme, and a storage key of the page's own.
 */
export function ThemeProvider({ storageKey, defaultTheme, children }: { storageKey: string; defaultTheme: ThemeChoice; children: ReactNode }) {
  return (
    <NextThemes attribute="data-theme" storageKey={storageKey} defaultTheme={defaultTheme} enableSystem disableTransitionOnChange>
      {children}
    </NextThemes>
  );
}
