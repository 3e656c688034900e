import type { Service, StatusPage, StatusPageKey, Theme } from "@/lib/db/types";
import type { IncidentView } from "@/lib/incidents/types";
import type { PageLocale } from "@/lib/time/locale";

export const THEME_COLOR_FIELDS = [
  "bodyBackgroundColor",
  "headerBackgroundColor",
  "headerFontColor",
  "titleFontColor",
  "bodyFontColor",
  "bodyFontColorMuted",
  "navigationFontColor",
  "linkFontColor",
  "cardBackgroundColor",
  "borderColor",
  "primaryButtonBackgroundColor",
  "primaryButtonFontColor",
] as const;

export type ThemeColorField = (typeof THEME_COLOR_FIELDS)[number];
export type ThemePalette = Record<ThemeColorField, string>;
export interface ThemeColors {
  light: ThemePalette;
  dark: ThemePalette;
}

/** A page as the verbs accept it, after the API schema validated and normalized it. */
export interface StatusPageInput {
  name: string;
  url: string;
  cards: { id?: string; name: string; services: { id: string }[] }[];
  description?: string | null;
  customDomain?: string | null;
  isPrivate?: boolean;
  defaultTheme?: Theme;
  themeColors?: ThemeColors | null;
  logo?: string | null;
  logoDark?: string | null;
  favicon?: string | null;
  redirectTo?: string | null;
  timezone?: string;
  locale?: PageLocale;
}

/** A v3 page as the verbs accept it: an omitted vendor field is its default; an omitted `isPrivate` is left as it is. */
export interface StatusPageV3Input {
  name: string;
  url: string;
  description?: string | null;
  customDomain?: string | null;
  themeColors?: ThemeColors | null;
  logo?: string | null;
  logoDark?: string | null;
  redirectTo?: string | null;
  favicon?: string | null;
  defaultTheme?: Theme;
  privacyPolicyLink?: string | null;
  termsOfServiceLink?: string | null;
  footerText?: string | null;
  googleAnalyticsTag?: string | null;
  allowIndexing?: boolean;
  isPrivate?: boolean;
  timezone?: string;
  locale?: PageLocale;
}

export interface CardWithServices {
  id: string;
  name: string;
  position: number;
  created_at: number;
  updated_at: number;
  services: Service[];
}

export interface StatusPageGraph {
  page: StatusPage;
  cards: CardWithServices[];
  keys: StatusPageKey[];
}

/** A page as the management API shows it: cards with services, keys, and its unresolved incidents. */
export interface StatusPageView {
  graph: StatusPageGraph;
  openIncidents: IncidentView[];
}
