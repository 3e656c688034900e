import { createHash } from "node:crypto";
import { openApiDocument } from "./document";

/**
 * `/openapi.json` as bytes, serialised once per process (the document only changes with a deploy):
 * JSON.stringify of 250 KB on every request cost ~2 ms. Identity only: Next drops a route handler's
 * Content-Encoding and compresses the body itself, so pre-compressed bytes would be encoded twice.
 */
export interface OpenApiBytes {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
}

let served: OpenApiBytes | undefined;

export function openApiBytes(): OpenApiBytes {
  if (served === undefined) {
    const body = new Uint8Array(Buffer.from(JSON.stringify(openApiDocument())));
    served = { body, etag: `"${createHash("sha256").update(body).digest("base64url")}"` };
  }
  return served;
}
