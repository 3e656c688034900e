// Plain JavaScript so that next.config.mjs can import it too; lib/http/security-headers.d.mts types it.

/**
 * HTML pages (status, incident, history, subscribe, forms, 404). Scripts may be inline: Next's RSC payload
 * and the theme script are inline, and per-request nonces would make every page unshareable by the
 * front cache. Images may come from anywhere (operators' logos, images in incident text); nothing else.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src * data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** Everything that is not a document (API, JSON, feeds, calendar, images, embed.js): it may load nothing. */
export const RESOURCE_CSP = "default-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** Badges are images that someone else's page shows: nothing in them may run or load. */
export const BADGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/** The widget is the one document any site may frame; it runs nothing and links out in a new tab. */
export const WIDGET_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors *";

/** On every response. */
export const BASE_SECURITY_HEADERS = { "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin" };
