/**
 * A run that could not reach its target. `network`: a connection-level failure (retried under NETWORK_ERROR);
 * `policy`: refused by the outbound policy (never inverted by shouldFail); `internal`: this server could not run it.
 */
export type TargetErrorKind = "network" | "policy" | "internal";

export class TargetError extends Error {
  readonly kind: TargetErrorKind;
  constructor(kind: TargetErrorKind, message: string) {
    super(message);
    this.name = "TargetError";
    this.kind = kind;
  }
}

const CODES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset by peer",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  ETIMEDOUT: "timed out",
  ENOTFOUND: "host name not found",
  EAI_AGAIN: "host name lookup failed temporarily",
  ENODATA: "host name has no address of that family",
  EPIPE: "connection closed by peer",
};

/** A thrown error as a TargetError: ours as they are, a system or TLS error as a network failure in one line. */
export function asTargetError(err: unknown, what: string): TargetError {
  if (err instanceof TargetError) return err;
  const e = err as NodeJS.ErrnoException & { cause?: unknown };
  if (e?.name === "AbortError" || e?.name === "TimeoutError") return new TargetError("network", `${what}: ${e.message}`);
  const code = typeof e?.code === "string" ? e.code : undefined;
  if (code && CODES[code]) return new TargetError("network", `${what}: ${CODES[code]} (${code})`);
  const message = e instanceof Error ? e.message : String(err);
  return new TargetError("network", `${what}: ${message}${code && !message.includes(code) ? ` (${code})` : ""}`);
}
