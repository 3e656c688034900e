import { PayloadTooLargeError, UnsupportedMediaTypeError, ValidationError } from "@/lib/errors";

/** Largest request body the API reads. */
export const MAX_BODY_BYTES = 1024 * 1024;

function isJsonType(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(";")[0].trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/**
 * Reads the body as text, stopping as soon as it passes `max` bytes: a declared Content-Length over
 * the limit is refused before reading, and a body without one is cancelled mid-stream.
 */
export async function readLimitedText(req: Request, max = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > max) throw tooLarge(max);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge(max);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function tooLarge(max: number): PayloadTooLargeError {
  return new PayloadTooLargeError(`Request body is larger than ${max} bytes`, { limitBytes: max });
}

/**
 * The JSON body of a request. `optional` bodies may be absent (answered as `{}`): an empty body is
 * absent whatever the headers say (chunked with no bytes, no Content-Length, any type). A present body
 * must be declared application/json (415 otherwise) and parse (400 otherwise).
 */
export async function readJsonBody(req: Request, opts: { optional?: boolean; max?: number } = {}): Promise<unknown> {
  // A required body is refused by type before it is read; an optional one must be read to know it is absent.
  if (!opts.optional) requireJsonType(req);
  const text = await readLimitedText(req, opts.max);
  if (text.trim() === "") {
    if (opts.optional) return {};
    throw new ValidationError("Request body is required", { fields: ["body"] });
  }
  requireJsonType(req);
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ValidationError(`Malformed JSON: ${(err as Error).message}`, { fields: ["body"] });
  }
}

function requireJsonType(req: Request): void {
  if (!isJsonType(req.headers.get("content-type"))) {
    throw new UnsupportedMediaTypeError("Content-Type must be application/json", { contentType: req.headers.get("content-type") });
  }
}
