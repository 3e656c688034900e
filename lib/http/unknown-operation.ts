import { NotFoundError } from "@/lib/errors";
import { apiRoute, type RouteHandler } from "./route";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * Handlers for the catch-all route of each API prefix (/v1, /v2, /v3, /next): a path without an
 * operation answers the API's own 404 envelope (after auth and rate limit, like every answer), never
 * the HTML page a browser gets.
 */
export function unknownOperation(): Record<(typeof METHODS)[number], RouteHandler> {
  const notFound = apiRoute({}, async ({ req }) => {
    throw new NotFoundError(`No API operation at ${req.method} ${new URL(req.url).pathname}; see /openapi.json`);
  });
  return Object.fromEntries(METHODS.map((m) => [m, notFound])) as Record<(typeof METHODS)[number], RouteHandler>;
}
