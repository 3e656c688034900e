import "server-only";
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { getReadyDb, type Db } from "@/lib/db";
import type { ApiKey } from "@/lib/db/types";
import { authenticateApiKey } from "@/lib/api-keys/service";
import { ForbiddenError, RateLimitedError, UnauthorizedError } from "@/lib/errors";
import { hashToken } from "@/lib/secrets/tokens";
import { loadServerSecret } from "@/lib/secrets/server-secret";
import { readJsonBody } from "./body";
import { decodeCursor, encodeCursor } from "./cursor";
import { errorToResponse, jsonResponse } from "./errors";
import { consumeRateLimit } from "./rate-limit";
import { parseWith } from "./validate";
import type { Keyset } from "@/lib/db/keyset";
import { apiKeyActor, type Actor } from "@/lib/actors";
import { recordApiWrite } from "@/lib/audit/api";

/** What a handler returns: a status with a JSON body, or 204 without one. */
export type ApiResult = { status: number; body?: unknown };
export const ok = (body: unknown): ApiResult => ({ status: 200, body });
export const created = (body: unknown): ApiResult => ({ status: 201, body });
export const noContent = (): ApiResult => ({ status: 204 });

export interface Cursors {
  /** The keyset position a `nextId` names, bound to this list and account (400 when it is not one). */
  decode(list: string, nextId: string | undefined): Keyset | undefined;
  encode(list: string, position: Keyset | null): string | null;
}

export interface ApiContext<P, Q, B> {
  req: Request;
  db: Db;
  accountId: string;
  apiKey: ApiKey;
  /** who this request acts as, recorded on what it writes */
  actor: Actor;
  params: P;
  query: Q;
  body: B;
  requestId: string;
  cursors: Cursors;
}

interface Spec<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  params?: P;
  query?: Q;
  body?: B;
  /** The body may be left out entirely (it is then `{}`). */
  bodyOptional?: boolean;
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
export type RouteHandler = (req: Request, ctx: { params: Promise<Record<string, string | string[] | undefined>> }) => Promise<Response>;

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
const BAD_TOKEN = () => new UnauthorizedError("Bad Token");
const ACCOUNT_HEADERS = ["x-service-account", "x-checkly-account"];

function bearer(req: Request): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.get("authorization") ?? "");
  return m ? m[1] : null;
}

/** A header naming an account must name the key's own; anything else is refused, never silently ignored. */
function checkAccountHeaders(req: Request, accountId: string): void {
  for (const name of ACCOUNT_HEADERS) {
    const value = req.headers.get(name);
    if (value !== null && value.trim().toLowerCase() !== accountId.toLowerCase()) {
      throw new ForbiddenError("The API key does not belong to the account named in the account header", { header: name });
    }
  }
}

/**
 * Every /v1 handler goes through here: authenticate, rate limit, resolve the account, parse path,
 * query and body with zod, run the handler, and answer JSON, with every failure in the error envelope.
 */
export function apiRoute<P extends z.ZodType = never, Q extends z.ZodType = never, B extends z.ZodType = never>(
  spec: Spec<P, Q, B>,
  handler: (ctx: ApiContext<Out<P>, Out<Q>, Out<B>>) => Promise<ApiResult>,
): RouteHandler {
  return async (req, routeCtx) => {
    const requestId = randomUUID();
    const url = new URL(req.url);
    const where = { requestId, method: req.method, path: url.pathname };
    let rateHeaders: Record<string, string> = {};
    try {
      const db = await getReadyDb();
      const raw = bearer(req);
      const apiKey = raw ? await authenticateApiKey(db, raw) : null;
      // Unauthenticated answers are counted too (per presented token), so they carry the same headers.
      const limit = await consumeRateLimit(apiKey ? `key:${apiKey.id}` : `anon:${hashToken(raw ?? "")}`);
      rateHeaders = limit.headers;
      if (!apiKey) throw BAD_TOKEN();
      if (!limit.allowed) throw new RateLimitedError(`Too many requests; retry in ${limit.retryAfterSeconds} s`, limit.retryAfterSeconds);
      checkAccountHeaders(req, apiKey.account_id);
      const write = !READS.has(req.method);
      if (write && apiKey.scope === "read") throw new ForbiddenError("This API key is read-only: it may not write", { scope: "read" });

      const params = spec.params ? parseWith(spec.params, await routeCtx.params, "path") : undefined;
      const query = spec.query ? parseWith(spec.query, Object.fromEntries(url.searchParams), "query") : undefined;
      const body = spec.body ? parseWith(spec.body, await readJsonBody(req, { optional: spec.bodyOptional }), "body") : undefined;
      const secret = await loadServerSecret(db);
      const scope = (list: string) => `${list}:${apiKey.account_id}`;
      const cursors: Cursors = {
        decode: (list, nextId) => (nextId === undefined || nextId === "" ? undefined : decodeCursor(secret, scope(list), nextId)),
        encode: (list, position) => (position ? encodeCursor(secret, scope(list), position) : null),
      };
      const result = await handler({ req, db, accountId: apiKey.account_id, apiKey, actor: apiKeyActor(apiKey), params, query, body, requestId, cursors } as ApiContext<Out<P>, Out<Q>, Out<B>>);
      if (write && result.status < 300) {
        await recordApiWrite(db, { accountId: apiKey.account_id, apiKeyId: apiKey.id, method: req.method, pathname: url.pathname, params: params as Record<string, unknown> | undefined, body, result: result.body, requestId });
      }
      const headers = { ...rateHeaders, "X-Request-Id": requestId };
      if (result.status === 204) return new Response(null, { status: 204, headers: { ...headers, "Cache-Control": "private, no-store" } });
      return jsonResponse(result.status, result.body, headers);
    } catch (err) {
      return errorToResponse(err, where, rateHeaders);
    }
  };
}
