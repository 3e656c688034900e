/**
 * The server secret once this process loaded it (lib/secrets/server-secret.ts), shared through globalThis
 * with the front cache, which runs outside Next's bundles and checks private pages' access cookies with it.
 */
const g = globalThis as unknown as { heliographSecret?: string };

export const loadedServerSecret = (): string | undefined => g.heliographSecret;

export function rememberServerSecret(secret: string): string {
  return (g.heliographSecret = secret);
}
