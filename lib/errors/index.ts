/**
 * One error type per kind of failure. lib/http/errors.ts maps them to HTTP in one place;
 * anything else is an unknown error and never shows its message to a client.
 */
export class AppError extends Error {
  constructor(
    message: string,
    /** field paths (or other detail) for the `attributes` of the error envelope */
    readonly attributes: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {}
export class NotFoundError extends AppError {}
export class ConflictError extends AppError {}
export class UnauthorizedError extends AppError {}
export class ForbiddenError extends AppError {}
/** Over a limit of this server's plan (the vendor's 402 "Payment Required"); attributes name the entitlement. */
export class PaymentRequiredError extends AppError {}
export class PayloadTooLargeError extends AppError {}
export class MethodNotAllowedError extends AppError {
  constructor(
    message: string,
    /** the methods the resource does serve, for the Allow header */
    readonly allow: readonly string[],
  ) {
    super(message, { allow });
  }
}
export class UnsupportedMediaTypeError extends AppError {}
/** A check of the outside world the request asked for did not pass (a custom domain's TXT record lacks its token). */
export class VerificationFailedError extends AppError {}
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    attributes: Record<string, unknown> = {},
  ) {
    // In the envelope as well as the Retry-After header: clients that keep only the body still know when to retry.
    super(message, { ...attributes, retryAfterSeconds });
  }
}
/** The database (or another dependency) is unreachable: the API answers 503, public pages serve their last good copy. */
export class UnavailableError extends AppError {}
/**
 * The image engine's process (lib/og/renderer.ts) ended, or stopped answering, before it drew an image: a 503 like
 * any unavailable dependency (it is one), and the next request forks a fresh engine.
 */
export class ImageEngineUnavailableError extends UnavailableError {}
