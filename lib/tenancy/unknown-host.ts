/** The answer for a Host that is neither this server nor a page's custom domain: 404, never cached. */
export const UNKNOWN_HOST_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Status page not found</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f7f9;color:#1f2937}
main{max-width:32rem;padding:2rem}h1{font-size:1.5rem;margin:0 0 .5rem}
@media (prefers-color-scheme:dark){body{background:#0f1115;color:#e5e7eb}}</style></head>
<body><main><h1>No status page here</h1><p>This address is not connected to a status page on this server.
If you run this page, check the custom domain set for it.</p></main></body></html>`;

export const UNKNOWN_HOST_HEADERS: Record<string, string> = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
};

/** While the database is unreachable and nothing cached can answer. */
export const UNAVAILABLE_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Status temporarily unavailable</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f7f9;color:#1f2937}
main{max-width:32rem;padding:2rem}h1{font-size:1.5rem;margin:0 0 .5rem}
@media (prefers-color-scheme:dark){body{background:#0f1115;color:#e5e7eb}}</style></head>
<body><main><h1>Status temporarily unavailable</h1><p>This status page cannot be loaded right now. Please try again in a few seconds.</p></main></body></html>`;

export const UNAVAILABLE_HEADERS: Record<string, string> = { ...UNKNOWN_HOST_HEADERS, "Retry-After": "5" };

/** The 503 the front cache answers with its last good copy (stale-if-error). */
export const unavailable = () => new Response(UNAVAILABLE_HTML, { status: 503, headers: UNAVAILABLE_HEADERS });
