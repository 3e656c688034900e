import { timingSafeEqual } from "node:crypto";

/** Constant-time string comparison (no "server-only": the production server's front cache uses it too). */
export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}
