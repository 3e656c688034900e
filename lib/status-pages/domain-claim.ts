import "server-only";
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/db";
import type { StatusPage } from "@/lib/db/types";
import { env } from "@/lib/env";
import { ConflictError } from "@/lib/errors";
import { findPageByDomain } from "./queries";

/** The TXT record that proves control of `domain` for the page holding `token`. */
export function challengeRecord(domain: string, token: string): { type: "txt"; name: string; value: string } {
  return { type: "txt", name: `_heliograph-challenge.${domain}`, value: `heliograph-verification=${token}` };
}

export const DOMAIN_TAKEN = { message: "This custom domain is already served by another status page", attributes: { fields: ["customDomain"] } };

type DomainColumns = Pick<StatusPage, "custom_domain" | "pending_custom_domain" | "custom_domain_token">;

/**
 * The domain columns a page write stores for `requested` (undefined: the write leaves the domain alone). Verification
 * off: served as set, the unique index refusing a taken one as before. On: a new domain waits unserved, with a fresh
 * token, until its TXT record is checked; a domain another page already serves is refused now.
 */
export async function claimDomain(
  db: Db,
  page: Pick<StatusPage, "custom_domain" | "pending_custom_domain"> | null,
  requested: string | null | undefined,
  verification = env.HELIOGRAPH_CUSTOM_DOMAIN_VERIFICATION,
): Promise<Partial<DomainColumns>> {
  if (requested === undefined) return {};
  if (requested === null) return { custom_domain: null, pending_custom_domain: null, custom_domain_token: null };
  if (page && (requested === page.custom_domain || (verification && requested === page.pending_custom_domain))) return {};
  if (!verification) return { custom_domain: requested, pending_custom_domain: null, custom_domain_token: null };
  if (await findPageByDomain(db, requested)) throw new ConflictError(DOMAIN_TAKEN.message, DOMAIN_TAKEN.attributes);
  return { custom_domain: null, pending_custom_domain: requested, custom_domain_token: randomBytes(16).toString("hex") };
}
