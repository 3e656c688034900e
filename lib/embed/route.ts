import "server-only";
import { randomUUID } from "node:crypto";
import { getReadyDb, type Db } from "@/lib/db";
import type { StatusPage } from "@/lib/db/types";
import { env } from "@/lib/env";
import { hasPageAccess } from "@/lib/access";
import { NotFoundError, UnauthorizedError } from "@/lib/errors";
import { errorToResponse } from "@/lib/http/errors";
import { loadPageSnapshot, type PageSnapshot } from "@/lib/public-page/load";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { pageAddress } from "@/lib/tenancy/address";
import { SLUG_PATTERN } from "@/lib/tenancy/route";
import { buildResponse, cacheHeaders, CORS_HEADERS, kindHeaders, type EmbedBody, type EmbedKind } from "./respond";

export interface EmbedContext {
  request: Request;
  url: URL;
  db: Db;
  page: StatusPage;
  /** canonical address (custom domain when set, else HELIOGRAPH_PUBLIC_URL/<slug>): every link is built from it */
  pageUrl: string;
  now: number;
  /** the page snapshot, loaded once on first use */
  snapshot(): Promise<PageSnapshot>;
}

type Params = Record<string, string | string[] | undefined>;
export type EmbedHandler = (req: Request, ctx: { params: Promise<Params> }) => Promise<Response>;
/** How a route answers failures: JSON error envelope by default, an SVG for badges (they sit in <img>). */
export type ErrorRenderer = (status: number, message: string) => EmbedBody;

export const PRIVATE_MESSAGE = "This status page is private: send a page key as ?key= or Authorization: Bearer";

export async function openPage(request: Request, rawSite: string): Promise<Omit<EmbedContext, "url">> {
  const slug = rawSite.toLowerCase();
  const db = await getReadyDb();
  const page = SLUG_PATTERN.test(slug) ? await findPageBySlug(db, slug) : undefined;
  if (!page) throw new NotFoundError("Status page not found");
  if (!(await hasPageAccess(page, request))) throw new UnauthorizedError(PRIVATE_MESSAGE);
  const now = Date.now();
  let snap: Promise<PageSnapshot> | undefined;
  return { request, db, page, pageUrl: pageAddress(page, env.HELIOGRAPH_PUBLIC_URL), now, snapshot: () => (snap ??= loadPageSnapshot(db, page, now)) };
}

const paramOf = (p: Params, name: string) => (typeof p[name] === "string" ? p[name] : "");

/**
 * The one way into every embed route (badges, Statuspage JSON, feeds, calendar, images, widget):
 * resolve the page by slug, check access (cookie or page key), run the handler, and answer with the
 * page's cache headers, validators (ETag / 304) and CORS. Failures never carry public cache headers.
 */
export function embedRoute(kind: EmbedKind, handler: (ctx: EmbedContext, params: Record<string, string>) => Promise<EmbedBody>, renderError?: ErrorRenderer): EmbedHandler {
  return async (request, routeCtx) => {
    const raw = await routeCtx.params;
    const params = Object.fromEntries(Object.keys(raw).map((k) => [k, paramOf(raw, k)]));
    try {
      const opened = await openPage(request, params.site ?? "");
      const out = await handler({ ...opened, url: new URL(request.url) }, params);
      return buildResponse(request, out, kind, cacheHeaders(opened.page));
    } catch (err) {
      return failure(request, err, kind, renderError);
    }
  };
}

function failure(request: Request, err: unknown, kind: EmbedKind, renderError?: ErrorRenderer): Response {
  const base = errorToResponse(err, { requestId: randomUUID(), method: request.method, path: new URL(request.url).pathname });
  const headers = new Headers(base.headers);
  for (const [k, v] of Object.entries(kindHeaders(kind))) if (k !== "Vary") headers.set(k, v);
  for (const [k, v] of Object.entries(CORS_HEADERS)) headers.set(k, v);
  headers.set("Cache-Control", "private, no-store");
  headers.set("X-Robots-Tag", "noindex");
  if (base.status === 401) headers.set("WWW-Authenticate", 'Bearer realm="status page"');
  if (!renderError) return new Response(base.body, { status: base.status, headers });
  const message = base.status === 401 ? "private" : base.status === 404 ? "not found" : "unavailable";
  const out = renderError(base.status, message);
  headers.set("Content-Type", out.contentType);
  return new Response(out.body as BodyInit, { status: base.status, headers });
}
