import type { IncomingMessage, ServerResponse } from "node:http";

const hasBody = (req: IncomingMessage) => req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] ?? "0") !== "0";

/**
 * A response sent before its request's body was read through (a 413 from any body reader, a 401 before
 * the body) says `Connection: close` and closes: the unread rest would otherwise stall the connection
 * or be parsed as the next request, and a pooled client would hang on it.
 */
export function closeWhenBodyUnread(req: IncomingMessage, res: ServerResponse): void {
  if (!hasBody(req)) return;
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!req.complete && !this.headersSent) this.setHeader("Connection", "close");
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
