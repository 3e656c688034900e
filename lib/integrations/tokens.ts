import "server-only";
import { createHmac } from "node:crypto";
import { hashToken, maskToken, newToken, safeEqual } from "@/lib/secrets/tokens";

const PREFIX = "hgi_";

/** A new ingest token: the raw value for the answer, its hash and mask for the row. */
export function newIngestToken(): { raw: string; hash: string; masked: string } {
  const raw = newToken(PREFIX);
  return { raw, hash: hashToken(raw), masked: maskToken(raw, PREFIX.length + 4) };
}

/** Whether any presented token is the integration's (constant-time on the hashes). */
export function tokenMatches(tokenHash: string, presented: readonly string[]): boolean {
  let ok = false;
  // Every candidate is compared, so the time taken does not say which form (header, segment, body) matched.
  for (const t of presented) if (t.length <= 200 && safeEqual(hashToken(t), tokenHash)) ok = true;
  return ok;
}

/**
 * The vendor channel's signing secret. Derived, not stored: the server secret keyed on the token's hash, so
 * the server can recompute it to check a signature, a database dump alone cannot, and rotating the token
 * rotates it too.
 */
export function signingSecretOf(serverSecret: string, tokenHash: string): string {
  return `hgs_${createHmac("sha256", serverSecret).update(`integration-signing:${tokenHash}`).digest("base64url")}`;
}

/** Hex HMAC-SHA256 of the raw body, as the vendor sends it in x-checkly-signature. */
export function signBody(secret: string, rawBody: string): string {
  return createHmac("sha256", secret).update(rawBody, "utf8").digest("hex");
}

export function signatureMatches(secret: string, rawBody: string, header: string): boolean {
  return safeEqual(signBody(secret, rawBody), header.trim().toLowerCase());
}
