import { z } from "zod";
import { LIMITS } from "@/lib/accounts/entitlements";
import { env } from "@/lib/env";
import { HttpUrl, text, ServiceReference, Timestamp, Uuid, UuidOut } from "@/lib/http/wire";
import { CursorPage } from "@/lib/http/pagination";
import { Incident } from "@/lib/incidents/schema";
import { Service } from "@/lib/services/schema";
import { PAGE_LOCALES } from "@/lib/time/locale";
import { isIanaZone, zoneSpelling } from "@/lib/time/zone";
import { THEME_COLOR_FIELDS } from "./types";

/**
 * Paths the server itself answers (or will: the v2/v3/next APIs, the alert ingest path, the operator
 * console) on its primary host; a page slug may not shadow them. Pages of an older release that did
 * are renamed by migration 005.
 */
export const RESERVED_SLUGS = new Set([
  "v1", "v2", "v3", "next", "api", "openapi", "ingest", "console", "admin", "_next", "static", "assets", "public",
  "health", "healthz", "readyz", "metrics", "robots", "sitemap", "favicon", "ping",
]);

export const Slug = text()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, "must be 1–63 of a-z, 0-9 and inner hyphens")
  .refine((s) => !RESERVED_SLUGS.has(s), "is reserved by the server");

/** A bare host name: a scheme, path, port or query is refused rather than silently stripped. */
export const CustomDomain = text()
  .trim()
  .toLowerCase()
  .max(253)
  .refine((s) => !s.includes("://"), "must be a host name without a scheme (e.g. status.example.com)")
  .refine((s) => !/[/?#]/.test(s), "must be a host name without a path")
  .refine((s) => !s.includes(":"), "must be a host name without a port")
  .refine((s) => /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/.test(s), "must be a host name such as status.example.com")
  .refine((s) => s !== new URL(env.HELIOGRAPH_PUBLIC_URL).hostname, "is this server's own host name");

/** Either case in; stored and answered with upper-case hex digits, as the vendor's schemas require. */
const Colour = text().regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, "must be #RGB or #RRGGBB").toUpperCase();
const ColourOut = z.string().regex(/^#(?:[0-9A-F]{3}|[0-9A-F]{6})$/);
const palette = <C extends z.ZodString>(colour: C) =>
  z.strictObject(Object.fromEntries(THEME_COLOR_FIELDS.map((f) => [f, colour])) as Record<(typeof THEME_COLOR_FIELDS)[number], C>);
export const ThemePalette = palette(Colour).meta({ id: "ThemePalette" });
export const ThemeColors = z.strictObject({ light: ThemePalette, dark: ThemePalette }).meta({ id: "ThemeColors" });
const ThemePaletteOut = palette(ColourOut).meta({ id: "ThemePaletteOut" });
export const ThemeColorsOut = z.strictObject({ light: ThemePaletteOut, dark: ThemePaletteOut }).meta({ id: "ThemeColorsOut" });
export const Theme = z.enum(["LIGHT", "DARK", "AUTO"]);

const ZONE_DOC = "Heliograph extension: the IANA time zone (e.g. Europe/Berlin) the page's days, uptime bars and printed times follow.";
const LOCALE_DOC = "Heliograph extension: the language of Heliograph's own words on the page and in its messages.";
/** Heliograph's page extensions; an omitted one keeps its value on PUT (UTC and en on create), as `isPrivate` does. */
export const PageTimezone = text()
  .trim()
  .max(64)
  .refine(isIanaZone, "must be an IANA time zone such as Europe/Berlin or UTC")
  .transform(zoneSpelling)
  .meta({ description: `${ZONE_DOC} Default UTC; omitted from a PUT: unchanged.` });
export const PageLocale = z.enum(PAGE_LOCALES).meta({ description: `${LOCALE_DOC} Default en; omitted from a PUT: unchanged.` });
const TimezoneOut = z.string().meta({ description: ZONE_DOC });
const LocaleOut = z.enum(PAGE_LOCALES).meta({ description: LOCALE_DOC });

const CardInput = z.strictObject({
  id: Uuid.optional(),
  name: text().trim().min(1, "must not be empty").max(255),
  services: z.array(ServiceReference).max(LIMITS.SERVICES_PER_CARD),
});

const pageFields = {
  name: text().trim().min(1, "must not be empty").max(255),
  url: Slug,
  description: text().max(500).nullable().optional(),
  customDomain: CustomDomain.nullable().optional(),
  isPrivate: z.boolean().optional(),
  defaultTheme: Theme.optional(),
  themeColors: ThemeColors.nullable().optional(),
  logo: HttpUrl.nullable().optional(),
  logoDark: HttpUrl.nullable().optional(),
  favicon: HttpUrl.nullable().optional(),
  redirectTo: HttpUrl.nullable().optional(),
  timezone: PageTimezone.optional(),
  locale: PageLocale.optional(),
  cards: z.array(CardInput).max(LIMITS.CARDS_PER_STATUS_PAGE),
};

export const CreateStatusPageInput = z.strictObject(pageFields).meta({ id: "CreateStatusPageInput" });
/** PUT: name, url and cards are required; cards replace the page's cards in the order given; omitted optional fields stay. */
export const UpdateStatusPageInput = z.strictObject(pageFields).meta({ id: "UpdateStatusPageInput" });

export const Card = z
  .strictObject({ id: UuidOut, name: z.string(), services: z.array(Service), created_at: Timestamp, updated_at: Timestamp })
  .meta({ id: "Card" });

/** Heliograph's extension of the vendor's key: a key minted by an expiring API key expires with it. */
const KeyExpiresAt = Timestamp.nullable().meta({ description: "When the key stops opening the page: the expiry of the API key that made it; null: never" });

export const StatusPageKey = z
  .strictObject({ id: UuidOut, maskedKey: z.string(), expiresAt: KeyExpiresAt, created_at: Timestamp, updated_at: Timestamp })
  .meta({ id: "StatusPageKey" });

/** The create call takes no fields; an empty body or `{}` is fine. */
export const CreatePageKeyInput = z.strictObject({}).meta({ id: "CreatePageKeyInput" });

/** Only the answer to the create call carries the raw key. */
export const CreatedStatusPageKey = z
  .strictObject({ id: UuidOut, key: z.string(), maskedKey: z.string(), expiresAt: KeyExpiresAt, created_at: Timestamp, updated_at: Timestamp })
  .meta({ id: "CreatedStatusPageKey", description: "`key` is shown once; store it now." });

export const SetStatusPagePasswordInput = z
  .strictObject({ password: text().min(8, "must be at least 8 characters").max(200).nullable() })
  .meta({ id: "SetStatusPagePasswordInput", description: "A password visitors may type to open a private page; null removes it." });

export const StatusPage = z
  .strictObject({
    id: UuidOut,
    accountId: UuidOut,
    name: z.string(),
    description: z.string().nullable(),
    url: z.string(),
    customDomain: z.string().nullable(),
    isPrivate: z.boolean(),
    defaultTheme: Theme,
    themeColors: ThemeColorsOut.nullable(),
    logo: z.string().nullable(),
    logoDark: z.string().nullable(),
    favicon: z.string().nullable(),
    redirectTo: z.string().nullable(),
    timezone: TimezoneOut,
    locale: LocaleOut,
    cards: z.array(Card),
    keys: z.array(StatusPageKey),
    incidents: z.array(Incident).meta({ description: "The page's unresolved incidents" }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "StatusPage" });

export const StatusPagePage = CursorPage(StatusPage, "StatusPagePage");

/* ---- v3 (the vendor's component model): the page carries no cards; its structure is its components ---- */

const LinkUrl = HttpUrl.max(255);

/**
 * A v3 page as POST and PUT take it (the vendor's "page mutation"). PUT is a full replacement: an omitted
 * vendor field is reset to its default. `isPrivate` is Heliograph's extension and keeps its value when
 * omitted, as the page's keys and password do (they have their own operations).
 */
export const StatusPageV3Mutation = z
  .strictObject({
    name: pageFields.name,
    url: Slug,
    description: text().max(500).nullable().optional(),
    customDomain: CustomDomain.nullable().optional(),
    themeColors: ThemeColors.nullable().optional(),
    logo: HttpUrl.nullable().optional(),
    logoDark: HttpUrl.nullable().optional(),
    redirectTo: HttpUrl.nullable().optional(),
    favicon: HttpUrl.nullable().optional(),
    defaultTheme: Theme.optional().meta({ description: "Default AUTO (also when omitted from a PUT)" }),
    privacyPolicyLink: LinkUrl.nullable().optional(),
    termsOfServiceLink: LinkUrl.nullable().optional(),
    footerText: text().max(1000).nullable().optional(),
    googleAnalyticsTag: text().max(255).regex(/^[A-Za-z0-9-]+$/, "must be letters, digits and hyphens").nullable().optional(),
    allowIndexing: z.boolean().optional().meta({ description: "Default true (also when omitted from a PUT)" }),
    isPrivate: z.boolean().optional().meta({ description: "Heliograph extension: a private page opens with a key or password. Omitted: unchanged (false on create)." }),
    timezone: PageTimezone.optional(),
    locale: PageLocale.optional(),
  })
  .meta({ id: "StatusPageV3Mutation" });

export const StatusPageV3 = z
  .strictObject({
    id: UuidOut,
    accountId: UuidOut,
    version: z.literal(3),
    name: z.string(),
    description: z.string().nullable(),
    url: z.string(),
    customDomain: z.string().nullable(),
    isPrivate: z.boolean().meta({ description: "Heliograph extension (keys and password: /v1/status-pages/{id}/keys and /password)" }),
    defaultTheme: Theme,
    themeColors: ThemeColorsOut.nullable(),
    logo: z.string().nullable(),
    logoDark: z.string().nullable(),
    redirectTo: z.string().nullable(),
    favicon: z.string().nullable(),
    privacyPolicyLink: z.string().nullable(),
    termsOfServiceLink: z.string().nullable(),
    footerText: z.string().nullable(),
    googleAnalyticsTag: z.string().nullable(),
    allowIndexing: z.boolean(),
    timezone: TimezoneOut,
    locale: LocaleOut,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "StatusPageV3" });

export const StatusPageV3Page = CursorPage(StatusPageV3, "StatusPageV3Page");

/** The path of every /v3/status-pages/{statusPageId}/… operation. */
export const StatusPageIdParams = z.object({ statusPageId: Uuid });

export const PageKeyParams = z.object({ id: Uuid, keyId: Uuid });

export const SubscriptionParams = z.object({ id: Uuid, subscriptionId: Uuid });

/** The vendor's custom-domain verification (its CustomDomainVerificationV3): the TXT record that proves control of the page's domain. */
export const CustomDomainVerification = z
  .strictObject({
    status: z.enum(["pending", "active"]).meta({ description: "active: the domain serves the page; pending: it waits for its TXT record (then POST …/recheck)" }),
    sslStatus: z.literal("unmanaged").meta({ description: "Heliograph issues no certificates: TLS for a custom domain is the reverse proxy's" }),
    validationMethod: z.literal("txt"),
    ownershipVerification: z
      .strictObject({ type: z.literal("txt"), name: z.string(), value: z.string() })
      .optional()
      .meta({ description: "The TXT record that proves control; absent for a domain served without proof (set while verification was off)" }),
    customDomain: z.string().meta({ description: "Heliograph extension: the domain this is about" }),
  })
  .meta({ id: "CustomDomainVerification" });
