/**
 * One HTTP/1.1 exchange written byte for byte over node:net, for what an HTTP client library will not
 * send: absolute-form targets, missing or repeated Host headers. The request should say Connection:
 * close; the answer is read until the server closes (or `timeoutMs` passes).
 */
import { connect } from "node:net";

export interface RawAnswer {
  status: number;
  /** header names lower-cased; repeated headers joined with ", " */
  headers: Record<string, string>;
  body: string;
  raw: string;
}

export function rawExchange(port: number, request: string, timeoutMs = 15_000): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error(`no answer within ${timeoutMs} ms to ${JSON.stringify(request.slice(0, 80))}`)), timeoutMs);
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString("latin1");
      const end = raw.indexOf("\r\n\r\n");
      const [statusLine, ...lines] = (end < 0 ? raw : raw.slice(0, end)).split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(":");
        if (colon < 0) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
      }
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0), headers, body: end < 0 ? "" : raw.slice(end + 4), raw });
    });
    socket.write(request, "latin1");
  });
}

/** A GET request line and headers (each [name, value], in order, repeats allowed), ending the connection after it. */
export function requestText(target: string, headers: [string, string][], method = "GET"): string {
  return `${method} ${target} HTTP/1.1\r\n${[...headers, ["Connection", "close"]].map(([k, v]) => `${k}: ${v}\r\n`).join("")}\r\n`;
}
