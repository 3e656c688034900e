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

/**
 * The operators' console: nothing from elsewhere, never framed, forms post only here. Inline scripts remain for
 * Next's RSC payload (no per-request nonces in this build); images only from this server.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

/** The console's answers hold an operator's data: never stored by anyone, never sent as a referrer to another site (a form's Origin stays this server's). */
export const CONSOLE_HEADERS = {
  "Content-Security-Policy": CONSOLE_CSP,
  "Cache-Control": "no-store",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "same-origin",
};

/** On every response. */
export const BASE_SECURITY_HEADERS = { "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin" };
