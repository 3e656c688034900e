import type { ApiKey } from "@/lib/db/types";
import { ValidationError } from "@/lib/errors";

/**
 * The one rule for every credential an API key mints (another API key, an integration's ingest token, a
 * private page's key; a rotation is a minting too): none outlives the key that made it, so a leaked
 * short-lived key cannot leave a permanent credential behind.
 */
export type Minter = Pick<ApiKey, "expires_at">;

/** The expiry of a credential that asks none of its own (epoch ms; null: never): its minter's. */
export function mintedExpiry(by: Minter | undefined): number | null {
  return by?.expires_at ?? null;
}

/** Refuses an asked expiry (null: never) that is later than the minter's own, naming `field`. */
export function assertMintable(expiresAt: number | null, by: Minter | undefined, field = "expiresAt"): void {
  const limit = mintedExpiry(by);
  if (limit !== null && (expiresAt === null || expiresAt > limit)) {
    throw new ValidationError(`A key that expires cannot create one that outlives it: ${field} must be at most ${new Date(limit).toISOString()}`, { fields: [field] });
  }
}

/** Whether a credential with this expiry still opens anything at `at`. */
export const isUnexpired = (expiresAt: number | null, at: number): boolean => expiresAt === null || expiresAt > at;
