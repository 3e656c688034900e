import { randomUUID } from "node:crypto";
import { getReadyDb } from "@/lib/db";
import { isUuid } from "@/lib/db/ids";
import { MethodNotAllowedError, NotFoundError } from "@/lib/errors";
import { errorToResponse, jsonResponse } from "@/lib/http/errors";
import type { RouteHandler } from "@/lib/http/route";
import { recordPing } from "@/lib/heartbeats/service";
import { tenancyConfig } from "@/lib/tenancy/config";
import { classifyHost } from "@/lib/tenancy/route";

export const dynamic = "force-dynamic";

/**
 * GET or POST /ping/<token>: a heartbeat check's ping URL, outside the API-key wrapper (the token is the credential),
 * on the server's own host only. Crawlers are answered but not counted; the body is never read.
 */
const ping: RouteHandler = async (req, routeCtx) => {
  const requestId = randomUUID();
  const url = new URL(req.url);
  try {
    const host = classifyHost({ host: req.headers.get("host") ?? url.host, forwardedHost: req.headers.get("x-forwarded-host") }, tenancyConfig());
    if (host.kind !== "primary") throw new NotFoundError("Not found");
    if (req.method !== "GET" && req.method !== "POST") throw new MethodNotAllowedError(`${req.method} is not allowed here; ping with GET or POST`, ["GET", "POST"]);
    const { token } = (await routeCtx.params) as { token?: string };
    if (!token || !isUuid(token)) throw new NotFoundError("No heartbeat check has this ping URL");
    const h = req.headers;
    const out = await recordPing(await getReadyDb(), token.toLowerCase(), { userAgent: h.get("user-agent"), origin: h.get("origin"), referer: h.get("referer") }, Date.now());
    return jsonResponse(200, { message: "OK", recorded: out.recorded !== null }, { "X-Request-Id": requestId, "Cache-Control": "no-store" });
  } catch (err) {
    return errorToResponse(err, { requestId, method: req.method, path: url.pathname });
  }
};

export const { GET, POST, PUT, PATCH, DELETE } = { GET: ping, POST: ping, PUT: ping, PATCH: ping, DELETE: ping };
