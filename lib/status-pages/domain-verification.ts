import "server-only";
import type { Db } from "@/lib/db";
import type { PageVersion, StatusPage } from "@/lib/db/types";
import { conflictOnDuplicate } from "@/lib/db/unique-violation";
import { invalidatePages } from "@/lib/cache/invalidate";
import { env } from "@/lib/env";
import { ConflictError, NotFoundError, VerificationFailedError } from "@/lib/errors";
import { txtRecords } from "@/lib/outbound/txt";
import { challengeRecord, DOMAIN_TAKEN } from "./domain-claim";
import { promotePendingDomain } from "./queries";
import { getPageOrThrow } from "./lookup";

/** One of the account's pages that has a custom domain, served or waiting for its proof. */
export async function getDomainVerification(db: Db, accountId: string, id: string, opts: { version?: PageVersion } = {}): Promise<StatusPage> {
  const page = await getPageOrThrow(db, accountId, id, opts);
  if (page.custom_domain === null && page.pending_custom_domain === null) throw new NotFoundError("This status page has no custom domain", { fields: ["customDomain"] });
  return page;
}

/**
 * Checks a waiting domain's TXT record now and, when it holds the page's token, serves the domain: the first page
 * to prove a domain takes it, any other is refused (409). A served domain is not looked up again: its challenge
 * record may well be gone. With verification off, a waiting domain (set while it was on) is served unchecked.
 */
export async function recheckDomain(db: Db, accountId: string, id: string, opts: { version?: PageVersion } = {}): Promise<StatusPage> {
  const page = await getDomainVerification(db, accountId, id, opts);
  const domain = page.pending_custom_domain;
  if (domain === null) return page;
  if (env.HELIOGRAPH_CUSTOM_DOMAIN_VERIFICATION) await proveControl(domain, page.custom_domain_token ?? "");
  const moved = await conflictOnDuplicate(() => promotePendingDomain(db, accountId, page.id, domain), DOMAIN_TAKEN.message, DOMAIN_TAKEN.attributes);
  if (moved === 0) throw new ConflictError("The page's custom domain changed while it was being verified; read the page again", { fields: ["customDomain"] });
  await invalidatePages([page.id], { tenancy: true });
  return getPageOrThrow(db, accountId, id);
}

async function proveControl(domain: string, token: string): Promise<void> {
  const record = challengeRecord(domain, token);
  const values = await txtRecords(record.name);
  if (token !== "" && values.includes(record.value)) return;
  // What the record holds instead (other pages' or stale tokens), so a wrong token is told apart from no record.
  const found = values.filter((v) => v.startsWith("heliograph-verification=")).slice(0, 5).map((v) => v.slice(0, 100));
  const message = found.length ? `The TXT record ${record.name} holds another token, not ${record.value}` : `No TXT record ${record.name} holds ${record.value} yet`;
  throw new VerificationFailedError(message, { fields: ["customDomain"], ownershipVerification: record, found });
}
