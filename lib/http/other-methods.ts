import { MethodNotAllowedError } from "@/lib/errors";
import { apiRoute, type RouteHandler } from "./route";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * Handlers for the methods a resource does not serve, so they answer 405 in the API's error envelope
 * (with Allow) instead of Next's empty 405. A route file exports the ones it lacks:
 * `export const { PUT, PATCH, DELETE } = otherMethods("GET", "POST");`
 */
export function otherMethods(...served: Method[]): Record<Method, RouteHandler> {
  const allow = served.includes("GET") ? [...served, "HEAD"] : served;
  const refuse = apiRoute({}, async ({ req }) => {
    throw new MethodNotAllowedError(`${req.method} is not allowed on ${new URL(req.url).pathname}; use ${served.join(", ")}`, allow);
  });
  REFUSALS.add(refuse);
  return Object.fromEntries(METHODS.map((m) => [m, refuse])) as Record<Method, RouteHandler>;
}

const REFUSALS = new WeakSet<object>();

/** True for the 405 handlers above: the OpenAPI test counts only the operations a route really serves. */
export function isMethodRefusal(handler: unknown): boolean {
  return typeof handler === "function" && REFUSALS.has(handler);
}
