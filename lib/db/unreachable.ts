/**
 * The one list of driver errors that mean "the database is not reachable right now" (refused, reset,
 * cut mid-query, timed out, pool ended, SQLite file busy or unopenable): answered 503 with Retry-After,
 * never 500. lib/http/errors.ts asks here; nothing else keeps its own list.
 */
const CODES = new Set([
  // Node sockets and DNS
  "ECONNREFUSED", "ECONNRESET", "ECONNABORTED", "ETIMEDOUT", "EPIPE", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN",
  // PostgreSQL: shutting down, crashed, starting, too many connections, statement timeout
  "57P01", "57P02", "57P03", "53300", "57014",
]);

// node-postgres (and kysely, better-sqlite3) raise these without a code.
const PG_MESSAGES = [
  /^Connection terminated/i, // "…unexpectedly", "…due to connection timeout"
  /timeout exceeded when trying to connect/i,
  /Cannot use a pool after calling end on the pool/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
  /^Query read timeout$/i,
  /The database connection is not open/i, // better-sqlite3 after close
  /^driver has already been destroyed$/i, // kysely after destroy() (shutting down)
];

function matches(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (CODES.has(code)) return true;
    // SQLSTATE class 08: connection exceptions.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
    if (/^SQLITE_(?:BUSY|LOCKED|CANTOPEN|IOERR)/.test(code)) return true;
  }
  return typeof message === "string" && PG_MESSAGES.some((re) => re.test(message));
}

/** True when `err` (or an error it wraps: `cause`, an AggregateError's `errors`) says the database is unreachable. */
export function isDatabaseUnreachable(err: unknown, depth = 0): boolean {
  if (depth > 5 || typeof err !== "object" || err === null) return false;
  if (matches(err)) return true;
  const { cause, errors } = err as { cause?: unknown; errors?: unknown };
  if (isDatabaseUnreachable(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((e) => isDatabaseUnreachable(e, depth + 1));
}
