import { STATUS_CODES } from "node:http";
import {
  AppError,
  ConflictError,
  ForbiddenError,
  MethodNotAllowedError,
  PaymentRequiredError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  UnauthorizedError,
  UnavailableError,
  UnsupportedMediaTypeError,
  ValidationError,
  VerificationFailedError,
} from "@/lib/errors";
import { ConfigError } from "@/lib/errors/config-error";
import { isDatabaseUnreachable } from "@/lib/db/unreachable";
import { log } from "@/lib/log";
import { isForeignKeyViolation } from "@/lib/db/unique-violation";

/** The one error body of the API: `{statusCode, error, message, attributes}`. */
export interface ErrorEnvelope {
  statusCode: number;
  error: string;
  message: string;
  attributes: Record<string, unknown>;
}

const STATUS_OF: [new (...args: never[]) => AppError, number][] = [
  [ValidationError, 400],
  [UnauthorizedError, 401],
  [PaymentRequiredError, 402],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [MethodNotAllowedError, 405],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  [UnsupportedMediaTypeError, 415],
  [VerificationFailedError, 422],
  [RateLimitedError, 429],
  [UnavailableError, 503],
];

export function envelope(statusCode: number, message: string, attributes: Record<string, unknown> = {}): ErrorEnvelope {
  return { statusCode, error: STATUS_CODES[statusCode] ?? "Error", message, attributes };
}

// "The database is not there" is an operator problem, answered 503 rather than a bare 500.
function isUnavailable(err: unknown): boolean {
  // getReadyDb() reports a database it cannot open as a ConfigError (one line for the operator).
  return err instanceof ConfigError || isDatabaseUnreachable(err);
}

// PostgreSQL refusing text it cannot store (NUL, invalid or untranslatable characters): the client's
// data, so a 400. Input schemas refuse such text first (`text()` in wire.ts); this is the backstop.
const UNSTORABLE_TEXT_CODES = new Set(["22021", "22P05"]);

function isUnstorableText(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && UNSTORABLE_TEXT_CODES.has(code);
}

/**
 * Maps any thrown value to a status and envelope. Known errors keep their message; anything else is
 * logged with the request id and answered with a generic body, so internals never reach a client.
 */
export function errorToResponse(err: unknown, ctx: { requestId: string; method: string; path: string }, headers: Record<string, string> = {}): Response {
  let body: ErrorEnvelope;
  const extra: Record<string, string> = { ...headers, "X-Request-Id": ctx.requestId };
  const known = err instanceof AppError ? STATUS_OF.find(([cls]) => err instanceof cls) : undefined;
  if (err instanceof AppError && known) {
    body = envelope(known[1], err.message, err.attributes);
    if (err instanceof RateLimitedError) extra["Retry-After"] = String(err.retryAfterSeconds);
    if (err instanceof MethodNotAllowedError) extra["Allow"] = err.allow.join(", ");
  } else if (isForeignKeyViolation(err)) {
    body = envelope(409, "Something this request refers to was deleted meanwhile; read it again and retry", {});
  } else if (isUnstorableText(err)) {
    body = envelope(400, "The request holds text the database cannot store (a NUL character or an invalid character)", { fields: [] });
  } else if (isUnavailable(err)) {
    log.error({ err, requestId: ctx.requestId, method: ctx.method, path: ctx.path }, "database unavailable");
    body = envelope(503, "The service is temporarily unavailable; try again shortly", { requestId: ctx.requestId });
    extra["Retry-After"] = "5";
  } else {
    log.error({ err, requestId: ctx.requestId, method: ctx.method, path: ctx.path }, "unhandled error");
    body = envelope(500, "Something went wrong on our side; quote the request id when reporting it", { requestId: ctx.requestId });
  }
  return jsonResponse(body.statusCode, body, extra);
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "private, no-store", ...headers },
  });
}
