import { NotFoundError } from "@/lib/errors";
import { apiRoute } from "@/lib/http/route";

export const dynamic = "force-dynamic";

/** Any /v1 path without an operation: the API's own 404 envelope (after auth and rate limit, like every answer). */
const notFound = apiRoute({}, async ({ req }) => {
  throw new NotFoundError(`No API operation at ${req.method} ${new URL(req.url).pathname}; see /openapi.json`);
});

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
