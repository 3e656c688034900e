import { processSlot } from "@/lib/runtime/process-state";

/**
 * The server secret once this process loaded it (lib/secrets/server-secret.ts), shared process-wide with the
 * front cache, which runs outside Next's bundles and checks private pages' access cookies with it.
 */
const slot = processSlot<string>("server-secret");

export const loadedServerSecret = (): string | undefined => slot.get();

export function rememberServerSecret(secret: string): string {
  return slot.set(secret);
}
