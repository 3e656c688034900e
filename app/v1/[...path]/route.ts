import { envelope, jsonResponse } from "@/lib/http/errors";

export const dynamic = "force-dynamic";

/** Any /v1 path without an operation: the API's own 404 envelope instead of the HTML not-found page. */
async function notFound(req: Request): Promise<Response> {
  const path = new URL(req.url).pathname;
  return jsonResponse(404, envelope(404, `No API operation at ${req.method} ${path}; see /openapi.json`, {}));
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
