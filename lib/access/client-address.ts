import type { IncomingMessage } from "node:http";

/**
 * The production server stamps every request with the client's address, taken from the socket (or,
 * behind a trusted proxy, from the entry that proxy appended), replacing anything the client sent.
 * Route handlers cannot see the socket; this header is how throttles learn who is asking.
 */
export const CLIENT_ADDRESS_HEADER = "x-heliograph-client-address";

export function stampClientAddress(req: IncomingMessage, trustProxy: boolean): void {
  const forwarded = trustProxy ? lastForwardedFor(req.headers["x-forwarded-for"]) : undefined;
  req.headers[CLIENT_ADDRESS_HEADER] = forwarded ?? req.socket.remoteAddress ?? "unknown";
}

function lastForwardedFor(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(",") : value;
  const last = joined?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return last && last.length <= 64 ? last : undefined;
}

/** The stamped address; under `next dev` (no custom server) the last X-Forwarded-For entry Next appended. */
export function clientAddressOf(headers: Headers): string {
  const stamped = headers.get(CLIENT_ADDRESS_HEADER);
  if (stamped) return stamped;
  const last = headers.get("x-forwarded-for")?.split(",").map((s) => s.trim()).filter(Boolean).pop();
  return last && last.length <= 64 ? last : "unknown";
}
