import type { z } from "zod";
import type { StatusPageKey as KeyRow, StatusPage as PageRow } from "@/lib/db/types";
import { fromJson } from "@/lib/db/json";
import { toIsoOrNull } from "@/lib/db/time";
import { times } from "@/lib/http/wire";
import { localeOf } from "@/lib/time/locale";
import { serializeIncident } from "@/lib/incidents/serialize";
import { serializeService } from "@/lib/services/serialize";
import type { CreatedStatusPageKey, CustomDomainVerification, StatusPage, StatusPageKey, StatusPageV3 } from "./schema";
import { challengeRecord } from "./domain-claim";
import type { StatusPageView, ThemeColors, ThemePalette } from "./types";

export function serializeKey(row: KeyRow): z.infer<typeof StatusPageKey> {
  return { id: row.id, maskedKey: row.masked_key, expiresAt: toIsoOrNull(row.expires_at), ...times(row) };
}

export function serializeCreatedKey(row: KeyRow, rawKey: string): z.infer<typeof CreatedStatusPageKey> {
  return { id: row.id, key: rawKey, maskedKey: row.masked_key, expiresAt: toIsoOrNull(row.expires_at), ...times(row) };
}

/** Pages stored before input was normalized may hold lower-case hex; answers are upper case either way. */
function upperCaseColours(colours: ThemeColors | null): ThemeColors | null {
  if (!colours) return null;
  const upper = (p: ThemePalette) => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, v.toUpperCase()])) as ThemePalette;
  return { light: upper(colours.light), dark: upper(colours.dark) };
}

/** The fields both APIs answer for a page, whatever its version. */
function pageFields(page: PageRow) {
  return {
    id: page.id,
    accountId: page.account_id,
    name: page.name,
    description: page.description,
    url: page.url,
    customDomain: page.custom_domain ?? page.pending_custom_domain,
    isPrivate: page.is_private === 1,
    defaultTheme: page.default_theme,
    themeColors: upperCaseColours(fromJson<ThemeColors | null>(page.theme_colors)),
    logo: page.logo,
    logoDark: page.logo_dark,
    favicon: page.favicon,
    redirectTo: page.redirect_to,
    timezone: page.timezone,
    locale: localeOf(page.locale),
  };
}

export function serializeStatusPage({ graph, openIncidents }: StatusPageView): z.infer<typeof StatusPage> {
  const { page } = graph;
  return {
    ...pageFields(page),
    cards: graph.cards.map((c) => ({ id: c.id, name: c.name, services: c.services.map(serializeService), ...times(c) })),
    keys: graph.keys.map(serializeKey),
    incidents: openIncidents.map(serializeIncident),
    ...times(page),
  };
}

/** A v3 page: the page's own fields only (its structure is its components, listed by their own operation). */
export function serializeStatusPageV3(page: PageRow): z.infer<typeof StatusPageV3> {
  return {
    ...pageFields(page),
    version: 3,
    privacyPolicyLink: page.privacy_policy_link,
    termsOfServiceLink: page.terms_of_service_link,
    footerText: page.footer_text,
    googleAnalyticsTag: page.google_analytics_tag,
    allowIndexing: Number(page.allow_indexing) === 1,
    ...times(page),
  };
}

/** A page's custom domain as the verification operations show it (the page has one: getDomainVerification). */
export function serializeDomainVerification(page: PageRow): z.infer<typeof CustomDomainVerification> {
  const domain = page.pending_custom_domain ?? page.custom_domain ?? "";
  return {
    status: page.pending_custom_domain === null ? "active" : "pending",
    sslStatus: "unmanaged",
    validationMethod: "txt",
    ...(page.custom_domain_token ? { ownershipVerification: challengeRecord(domain, page.custom_domain_token) } : {}),
    customDomain: domain,
  };
}
