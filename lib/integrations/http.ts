import "server-only";
import { randomUUID } from "node:crypto";
import { getReadyDb } from "@/lib/db";
import { MethodNotAllowedError, NotFoundError } from "@/lib/errors";
import { errorToResponse, jsonResponse } from "@/lib/http/errors";
import { readLimitedText } from "@/lib/http/body";
import type { RouteHandler } from "@/lib/http/route";
import { tenancyConfig } from "@/lib/tenancy/config";
import { classifyHost } from "@/lib/tenancy/route";
import { ingestAlerts, MAX_INGEST_BYTES } from "./ingest";

/** The token as a bearer token, or as the password of basic auth (any user name: senders differ in what they send). */
function headerTokens(req: Request): string[] {
  const auth = req.headers.get("authorization") ?? "";
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(auth);
  if (bearer) return [bearer[1]];
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(auth);
  if (!basic) return [];
  const decoded = Buffer.from(basic[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon >= 0 ? [decoded.slice(colon + 1)] : [];
}

/**
 * POST /ingest/{id}[/{token}]: outside the API-key wrapper (the ingest token is the credential) and served on
 * the server's own host only; proxy.ts passes it through there, and this checks again.
 */
export const ingestRoute: RouteHandler = async (req, routeCtx) => {
  const requestId = randomUUID();
  const url = new URL(req.url);
  const where = { requestId, method: req.method, path: url.pathname };
  try {
    const host = classifyHost({ host: req.headers.get("host") ?? url.host, forwardedHost: req.headers.get("x-forwarded-host") }, tenancyConfig());
    if (host.kind !== "primary") throw new NotFoundError("Not found");
    if (req.method !== "POST") throw new MethodNotAllowedError(`${req.method} is not allowed here; alerts are POSTed`, ["POST"]);
    const params = (await routeCtx.params) as { id?: string; token?: string };
    const rawBody = await readLimitedText(req, MAX_INGEST_BYTES);
    const db = await getReadyDb();
    const tokens = [...headerTokens(req), ...(params.token ? [params.token] : [])];
    const result = await ingestAlerts(db, { integrationId: params.id ?? "", tokens, rawBody, signature: req.headers.get("x-checkly-signature") });
    return jsonResponse(202, result, { "X-Request-Id": requestId });
  } catch (err) {
    return errorToResponse(err, where);
  }
};
