/**
 * The request header proxy.ts passes to the page it routes to: the prefix of in-page links. proxy.ts deletes it
 * from every request it sees first (all but /v1/…, /openapi.json and static files, which answer no page), and
 * pages validate it (validBase), so it cannot be forged.
 */
export const BASE_HEADER = "x-heliograph-base";
/** BASE_HEADER's value on a custom domain, where in-page links start at "/" (base ""). */
export const DOMAIN_BASE = "domain";

/**
 * The locale proxy.ts resolved for a page route: the visitor's allow-listed `?lang=`, else the page's own. Deleted
 * from incoming requests like the others, and validated again where read (lib/public-page/site.ts).
 */
export const LOCALE_HEADER = "x-heliograph-locale";

/**
 * The query of a page route without `lang` (a confirm link's token, a history page number): the language
 * switcher's links keep it, so switching language on /confirm?token=… stays on that confirmation. Deleted from
 * incoming requests like the others, and re-parsed where read (lib/public-page/site.ts).
 */
export const QUERY_HEADER = "x-heliograph-query";

export const TENANCY_HEADERS = [BASE_HEADER, LOCALE_HEADER, QUERY_HEADER, "x-heliograph-page", "x-heliograph-subpath"] as const;
