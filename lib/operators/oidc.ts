import "server-only";
import type { Db } from "@/lib/db";
import { now } from "@/lib/db/time";
import { env } from "@/lib/env";
import { recordAudit } from "@/lib/audit/record";
import { claimInvitation, findOpenInvitationByEmail, insertOperator } from "./queries";

/** `HELIOGRAPH_OIDC_ALLOWED_DOMAINS`: "example.com=<account id>,other.org=<account id>". */
export function allowedDomains(raw = env.HELIOGRAPH_OIDC_ALLOWED_DOMAINS): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of raw.split(",").map((s) => s.trim()).filter(Boolean)) {
    const [domain, accountId] = pair.split("=").map((s) => s.trim());
    if (domain && accountId) out.set(domain.toLowerCase(), accountId);
  }
  return out;
}

interface Identity {
  email: string;
  emailVerified?: boolean | null;
}

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

/** An identity from the provider becomes an operator only with a verified address that was invited or whose domain is listed. */
export async function admitOidcIdentity(db: Db, user: Identity): Promise<boolean> {
  if (!user.emailVerified) return false;
  const email = user.email.toLowerCase();
  if (await findOpenInvitationByEmail(db, email, now())) return true;
  return allowedDomains().has(domainOf(email));
}

/** The invitation's role and account, or a viewer of the listed domain's account. */
export async function onOidcUserCreated(db: Db, user: Identity & { id: string }): Promise<void> {
  const email = user.email.toLowerCase();
  const at = now();
  const invitation = await findOpenInvitationByEmail(db, email, at);
  if (invitation && (await claimInvitation(db, invitation.id, at))) {
    await insertOperator(db, { userId: user.id, accountId: invitation.account_id, role: invitation.role, at });
    await recordAudit(db, { accountId: invitation.account_id, actor: { type: "OPERATOR", id: user.id }, action: "operator.accept-invitation", entityType: "operator", entityId: user.id, after: { email, role: invitation.role, via: "oidc" } });
    return;
  }
  const accountId = allowedDomains().get(domainOf(email));
  if (!accountId) return;
  await insertOperator(db, { userId: user.id, accountId, role: "viewer", at });
  await recordAudit(db, { accountId, actor: { type: "OPERATOR", id: user.id }, action: "operator.join-by-domain", entityType: "operator", entityId: user.id, after: { email, role: "viewer", via: "oidc" } });
}
