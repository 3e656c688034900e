import type { ServiceStatus } from "@/lib/status";
import type { ThemeColors, ThemePalette } from "@/lib/status-pages/types";

/** Heliograph's own palette, used when a page sets no themeColors. Checked for WCAG AA by tests/unit/theme. */
export const HELIOGRAPH_THEME: ThemeColors = {
  light: {
    bodyBackgroundColor: "#f6f7f9",
    headerBackgroundColor: "#ffffff",
    headerFontColor: "#111827",
    titleFontColor: "#111827",
    bodyFontColor: "#1f2937",
    bodyFontColorMuted: "#4b5563",
    navigationFontColor: "#374151",
    linkFontColor: "#1d4ed8",
    cardBackgroundColor: "#ffffff",
    borderColor: "#d1d5db",
    primaryButtonBackgroundColor: "#1d4ed8",
    primaryButtonFontColor: "#ffffff",
  },
  dark: {
    bodyBackgroundColor: "#0f1115",
    headerBackgroundColor: "#161a22",
    headerFontColor: "#f3f4f6",
    titleFontColor: "#f9fafb",
    bodyFontColor: "#e5e7eb",
    bodyFontColorMuted: "#a3aab8",
    navigationFontColor: "#d1d5db",
    linkFontColor: "#93c5fd",
    cardBackgroundColor: "#161a22",
    borderColor: "#2d3340",
    primaryButtonBackgroundColor: "#93c5fd",
    primaryButtonFontColor: "#0f1115",
  },
};

export type StatusPalette = Record<ServiceStatus | "NO_DATA", string>;

/** Status colours readable as text on light and on dark cards (AA 4.5:1), so they may colour words and icons alike. */
export const STATUS_COLORS: { light: StatusPalette; dark: StatusPalette } = {
  light: {
    OPERATIONAL: "#15803d",
    DEGRADED_PERFORMANCE: "#a15c07",
    PARTIAL_OUTAGE: "#c2410c",
    MAJOR_OUTAGE: "#b91c1c",
    UNDER_MAINTENANCE: "#1d4ed8",
    NO_DATA: "#6b7280",
  },
  dark: {
    OPERATIONAL: "#4ade80",
    DEGRADED_PERFORMANCE: "#facc15",
    PARTIAL_OUTAGE: "#fb923c",
    MAJOR_OUTAGE: "#f87171",
    UNDER_MAINTENANCE: "#60a5fa",
    NO_DATA: "#8b93a3",
  },
};

export type { ThemePalette };
