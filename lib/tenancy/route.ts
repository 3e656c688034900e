import { isLoopback, requestHost } from "./host";

/**
 * The first routing stage of the public door (./decide.ts): which host the request is for, and which status
 * page route it maps to. Pure: the lookups come after `planRequest`, as `decidePublic` asks for them.
 */
export interface TenancyConfig {
  /** origin of HELIOGRAPH_PUBLIC_URL, e.g. "https://status.example.com" */
  publicOrigin: string;
  trustProxy: boolean;
  rootRedirect: string | null;
}

export interface IncomingRequest {
  host: string | null;
  forwardedHost: string | null;
  pathname: string;
  search: string;
}

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** Paths served the same on every known host (never mapped into a page). */
const GLOBAL_FILES = new Set(["/robots.txt", "/sitemap.xml", "/heliograph.svg"]);
export const isGlobalPath = (pathname: string) => pathname.startsWith("/_next/") || GLOBAL_FILES.has(pathname);

/**
 * The management API's prefixes (and its document): served by the app on every host, like /v1 (which
 * proxy.ts does not even see), so an unknown operation answers the API's JSON 404, never a page's HTML.
 */
const API_PATH = /^\/(?:(?:v1|v2|v3|next)(?:\/|$)|openapi\.json$)/;

/** Alert ingestion (lib/integrations/http.ts): served on the server's own host only, never under a page. */
const INGEST_PATH = /^\/ingest\/[^/]+(?:\/[^/]+)?$/;

/** Heartbeat ping URLs (app/ping): the server's own host only, never under a page. */
const PING_PATH = /^\/ping\/[^/]+$/;

/** The operators' console (and its sign-in routes): the server's own host only, never a page's domain. */
const CONSOLE_PATH = /^\/console(?:\/|$)/;

/**
 * Where unknown addresses are rewritten: a path no route matches, so Next renders app/not-found.tsx
 * into the HTML (calling notFound() in a page leaves the body empty in production, see proxy.ts).
 */
export const NOT_FOUND_PATH = "/_heliograph/not-found";

export type RequestPlan =
  | { action: "pass" }
  | { action: "redirect"; location: string; permanent: boolean }
  | { action: "unknown-host" }
  | { action: "not-found" }
  | { action: "slug"; slug: string; rest: string; canonicalPath: string | null }
  | { action: "domain"; hostname: string; rest: string; wwwOf: string | null };

export function primaryHostname(cfg: TenancyConfig): string {
  return new URL(cfg.publicOrigin).hostname.toLowerCase();
}

function isPrimary(hostname: string, primary: string): boolean {
  // A server configured for localhost answers on every loopback name, so 127.0.0.1 works out of the box.
  return hostname === primary || (isLoopback(primary) && isLoopback(hostname));
}

/** First stage: host and path only. */
export function planRequest(req: IncomingRequest, cfg: TenancyConfig): RequestPlan {
  if (API_PATH.test(req.pathname)) return { action: "pass" };
  const parsed = requestHost({ host: req.host, forwardedHost: req.forwardedHost }, cfg.trustProxy);
  if (!parsed) return { action: "unknown-host" };
  const primary = primaryHostname(cfg);
  const { hostname } = parsed;
  if (hostname === `www.${primary}`) return { action: "redirect", location: `${cfg.publicOrigin}${req.pathname}${req.search}`, permanent: true };
  if (isPrimary(hostname, primary)) {
    if (req.pathname === "/") return cfg.rootRedirect ? { action: "redirect", location: cfg.rootRedirect, permanent: false } : { action: "pass" };
    if (isGlobalPath(req.pathname) || INGEST_PATH.test(req.pathname) || PING_PATH.test(req.pathname) || CONSOLE_PATH.test(req.pathname)) return { action: "pass" };
    const m = /^\/([^/]+)(\/.*)?$/.exec(req.pathname);
    const slug = m?.[1].toLowerCase();
    if (!m || !slug || !SLUG_PATTERN.test(slug)) return { action: "not-found" };
    const rest = m[2] ?? "";
    return { action: "slug", slug, rest, canonicalPath: m[1] === slug ? null : `/${slug}${rest}` };
  }
  if (isGlobalPath(req.pathname)) return { action: "pass" };
  return { action: "domain", hostname, rest: req.pathname === "/" ? "" : req.pathname, wwwOf: hostname.startsWith("www.") ? hostname.slice(4) : null };
}

/** Internal path of a page route: the app serves every page at /<slug>/… */
export const internalPath = (slug: string, rest: string) => `/${slug}${rest === "/" ? "" : rest}`;

/** Which kind of host a request is for (robots.txt and sitemap.xml answer per host). */
export function classifyHost(req: Pick<IncomingRequest, "host" | "forwardedHost">, cfg: TenancyConfig): { kind: "primary" } | { kind: "domain"; hostname: string } | { kind: "unknown" } {
  const parsed = requestHost(req, cfg.trustProxy);
  if (!parsed) return { kind: "unknown" };
  return isPrimary(parsed.hostname, primaryHostname(cfg)) ? { kind: "primary" } : { kind: "domain", hostname: parsed.hostname };
}
