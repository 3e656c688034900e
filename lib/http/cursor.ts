import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Keyset } from "@/lib/db/keyset";
import { ValidationError } from "@/lib/errors";

/**
 * Opaque `nextId` cursors: the position (created_at, id) plus an HMAC over the list's scope (its name
 * and the account), so a cursor cannot be forged, edited, or replayed against another list or account.
 */
const Payload = z.tuple([z.number().int().nonnegative(), z.string().min(1).max(64)]);

function sign(secret: string, scope: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(`cursor\0${scope}\0${payload}`).digest().subarray(0, 16);
}

export function encodeCursor(secret: string, scope: string, position: Keyset): string {
  const payload = Buffer.from(JSON.stringify([position.createdAt, position.id])).toString("base64url");
  return `${payload}.${sign(secret, scope, payload).toString("base64url")}`;
}

const invalid = () => new ValidationError("nextId is not a cursor of this list", { fields: ["nextId"] });

export function decodeCursor(secret: string, scope: string, cursor: string): Keyset {
  const [payload, mac, ...rest] = cursor.split(".");
  if (!payload || !mac || rest.length > 0 || cursor.length > 512) throw invalid();
  const given = Buffer.from(mac, "base64url");
  const expected = sign(secret, scope, payload);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
  try {
    const [createdAt, id] = Payload.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
    return { createdAt, id };
  } catch {
    throw invalid();
  }
}
