import "server-only";
import { randomUUID } from "node:crypto";
import { isAPIError } from "better-auth/api";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/db/ids";
import { now } from "@/lib/db/time";
import type { OperatorRole } from "@/lib/db/types-operators";
import { env } from "@/lib/env";
import { DAY_MS } from "@/lib/time/units";
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from "@/lib/errors";
import { recordAudit } from "@/lib/audit/record";
import { createAccount } from "@/lib/accounts/service";
import { hashToken, newToken } from "@/lib/secrets/tokens";
import { collectLink, getAuth } from "./auth";
import { sendConsoleMail } from "./mail";
import * as q from "./queries";
import { requireRole } from "./roles";
import type { CreateOperatorInput, InviteInput } from "./schema";
import { assertSignInAllowed, clearFailedSignIns, countFailedSignIn } from "./throttle";

/** Who acts in the console: the signed-in operator, with the request it acts in. */
export interface ConsoleActor {
  userId: string;
  accountId: string;
  role: OperatorRole;
  requestId: string;
}

export const operatorActor = (a: Pick<ConsoleActor, "userId">) => ({ type: "OPERATOR" as const, id: a.userId });

const INVITATION_DAYS = 7;

/** Creates the identity with a verified address and no password: the operator signs in by link, sets one later. */
async function createIdentity(email: string, name: string) {
  const ctx = await (await getAuth()).$context;
  return ctx.internalAdapter.createUser({ email, name, emailVerified: true }, { method: "admin" });
}

/** A one-time sign-in link (the library's magic link, hashed in the store, good for 24 hours). */
export async function signInLink(email: string): Promise<string> {
  const auth = await getAuth();
  const nonce = randomUUID();
  let url: string | undefined;
  const done = collectLink(nonce, (u) => (url = u));
  try {
    await auth.api.signInMagicLink({ body: { email, callbackURL: "/console", errorCallbackURL: "/console/sign-in?error=link", metadata: { nonce } }, headers: new Headers() });
  } finally {
    done();
  }
  if (!url) throw new Error("the sign-in library made no link");
  return url;
}

async function resolveAccount(db: Db, accountId: string | undefined): Promise<string> {
  if (accountId) {
    const row = await db.selectFrom("accounts").select("id").where("id", "=", accountId).executeTakeFirst();
    if (!row) throw new NotFoundError(`No account ${accountId}`);
    return row.id;
  }
  const rows = await db.selectFrom("accounts").select("id").limit(2).execute();
  if (rows.length === 1) return rows[0].id;
  if (rows.length > 1) throw new ValidationError("This server has several accounts: name one with --account <id>");
  return (await createAccount(db, "Heliograph")).id;
}

/** The CLI's verb: an operator (or the existing one) and a one-time sign-in link for it. */
export async function createOperatorWithLink(db: Db, input: CreateOperatorInput): Promise<{ accountId: string; userId: string; url: string; created: boolean }> {
  const existing = await q.findUserByEmail(db, input.email);
  let userId: string;
  let accountId: string;
  let created = false;
  if (existing) {
    const op = await q.findOperatorByUser(db, existing.id);
    if (!op) throw new ConflictError(`${input.email} signs in here but is no operator`);
    if (input.accountId && input.accountId !== op.accountId) throw new ConflictError(`${input.email} is already an operator of account ${op.accountId}`);
    userId = existing.id;
    accountId = op.accountId;
  } else {
    accountId = await resolveAccount(db, input.accountId);
    const user = await createIdentity(input.email, input.email.split("@")[0]);
    userId = user.id;
    await q.insertOperator(db, { userId, accountId, role: input.role, at: now() });
    await recordAudit(db, { accountId, actor: { type: "SYSTEM", id: "cli" }, action: "operator.create", entityType: "operator", entityId: userId, after: { email: input.email, role: input.role } });
    created = true;
  }
  return { accountId, userId, url: await signInLink(input.email), created };
}

export async function listOperators(db: Db, actor: ConsoleActor) {
  requireRole(actor.role, "read");
  return { operators: await q.listOperatorRows(db, actor.accountId), invitations: actor.role === "owner" ? await q.listOpenInvitations(db, actor.accountId, now()) : [] };
}

/** Owner only. The link is e-mailed; when no SMTP server is configured the owner is shown it to pass on. */
export async function inviteOperator(db: Db, actor: ConsoleActor, input: InviteInput): Promise<{ invitationId: string; url: string; emailed: boolean }> {
  requireRole(actor.role, "manage-operators");
  const user = await q.findUserByEmail(db, input.email);
  if (user) throw new ConflictError("This address is already an operator", { field: "email" });
  const token = newToken("hgi_");
  const at = now();
  const id = newId();
  await q.insertInvitation(db, { id, account_id: actor.accountId, email: input.email, role: input.role, token_hash: hashToken(token), invited_by: actor.userId, expires_at: at + INVITATION_DAYS * DAY_MS, accepted_at: null, revoked_at: null, created_at: at });
  await recordAudit(db, { accountId: actor.accountId, actor: operatorActor(actor), action: "operator.invite", entityType: "operator-invitation", entityId: id, after: { email: input.email, role: input.role }, requestId: actor.requestId });
  const url = new URL(`/console/invite/${encodeURIComponent(token)}`, env.HELIOGRAPH_PUBLIC_URL).toString();
  const emailed = await sendConsoleMail(input.email, "You are invited to a Heliograph console", `You have been invited to manage status pages on Heliograph as ${input.role}. To accept, open this link within ${INVITATION_DAYS} days and choose a password:`, url);
  return { invitationId: id, url, emailed };
}

export async function revokeInvitation(db: Db, actor: ConsoleActor, id: string): Promise<void> {
  requireRole(actor.role, "manage-operators");
  await q.revokeInvitationRow(db, actor.accountId, id, now());
  await recordAudit(db, { accountId: actor.accountId, actor: operatorActor(actor), action: "operator.revoke-invitation", entityType: "operator-invitation", entityId: id, requestId: actor.requestId });
}

/** What an invitation link shows before it is accepted; null when it is unknown, used, revoked or expired. */
export async function openInvitation(db: Db, token: string) {
  const inv = await q.findInvitationByHash(db, hashToken(token));
  if (!inv || inv.accepted_at !== null || inv.revoked_at !== null || inv.expires_at <= now()) return null;
  return { email: inv.email, role: inv.role };
}

/** Accepting creates the identity with its password and the operator with the invitation's role; the caller signs in. */
export async function acceptInvitation(db: Db, input: { token: string; name: string; password: string }): Promise<{ email: string; userId: string }> {
  const inv = await q.findInvitationByHash(db, hashToken(input.token));
  const at = now();
  if (!inv || inv.accepted_at !== null || inv.revoked_at !== null || inv.expires_at <= at) throw new NotFoundError("This invitation is no longer valid; ask for a new one");
  if (await q.findUserByEmail(db, inv.email)) throw new ConflictError("This address is already an operator");
  if (!(await q.claimInvitation(db, inv.id, at))) throw new NotFoundError("This invitation is no longer valid; ask for a new one");
  const ctx = await (await getAuth()).$context;
  const user = await createIdentity(inv.email, input.name);
  await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await ctx.password.hash(input.password) });
  await q.insertOperator(db, { userId: user.id, accountId: inv.account_id, role: inv.role, at });
  await recordAudit(db, { accountId: inv.account_id, actor: { type: "OPERATOR", id: user.id }, action: "operator.accept-invitation", entityType: "operator", entityId: user.id, after: { email: inv.email, name: input.name, role: inv.role } });
  return { email: inv.email, userId: user.id };
}

/**
 * Email and password, throttled per client address and per e-mail address before the password is checked. Every
 * failure reads the same, known address or not; the library hashes a dummy password for unknown ones (timing).
 */
export async function signInWithPassword(input: { email: string; password: string }, headers: Headers, clientAddress: string): Promise<{ headers: Headers }> {
  await assertSignInAllowed(clientAddress, input.email);
  const auth = await getAuth();
  try {
    const res = await auth.api.signInEmail({ body: { email: input.email, password: input.password, rememberMe: true }, headers, returnHeaders: true });
    await clearFailedSignIns(input.email);
    return { headers: res.headers };
  } catch (err) {
    if (!isAPIError(err)) throw err;
    await countFailedSignIn(clientAddress, input.email);
    throw new UnauthorizedError("The e-mail address or password is not right");
  }
}

export async function signOut(headers: Headers): Promise<void> {
  await (await getAuth()).api.signOut({ headers });
}

/** Every session of this operator ends, this one included. */
export async function signOutEverywhere(headers: Headers): Promise<void> {
  const auth = await getAuth();
  await auth.api.revokeSessions({ headers });
  await auth.api.signOut({ headers }).catch(() => undefined);
}

/** Always answers the same, whether the address is an operator's or not. */
export async function requestPasswordReset(email: string): Promise<void> {
  await (await getAuth()).api.requestPasswordReset({ body: { email, redirectTo: "/console/reset-password" } });
}

export async function resetPassword(input: { token: string; password: string }): Promise<void> {
  try {
    await (await getAuth()).api.resetPassword({ body: { newPassword: input.password, token: input.token } });
  } catch (err) {
    if (isAPIError(err)) throw new NotFoundError("This reset link is no longer valid; ask for a new one");
    throw err;
  }
}

/** Sets or changes the signed-in operator's password; other sessions end. */
export async function setPassword(db: Db, actor: ConsoleActor, headers: Headers, input: { currentPassword?: string; password: string }): Promise<void> {
  const auth = await getAuth();
  try {
    if (input.currentPassword) await auth.api.changePassword({ body: { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: true }, headers });
    else await auth.api.setPassword({ body: { newPassword: input.password }, headers });
  } catch (err) {
    if (isAPIError(err)) throw new ValidationError(input.currentPassword ? "The current password is not right" : "A password is already set: give the current one", { field: "currentPassword" });
    throw err;
  }
  await recordAudit(db, { accountId: actor.accountId, actor: operatorActor(actor), action: "operator.change-password", entityType: "operator", entityId: actor.userId, fields: ["password"], requestId: actor.requestId });
}

async function operatorOf(db: Db, actor: ConsoleActor, userId: string) {
  const op = await q.findOperatorByUser(db, userId);
  if (!op || op.accountId !== actor.accountId) throw new NotFoundError("No such operator");
  return op;
}

/** Owner only; the account keeps at least one owner. */
export async function changeRole(db: Db, actor: ConsoleActor, input: { userId: string; role: OperatorRole }): Promise<void> {
  requireRole(actor.role, "manage-operators");
  const op = await operatorOf(db, actor, input.userId);
  if (op.role === input.role) return;
  if (op.role === "owner" && (await q.countOwners(db, actor.accountId)) <= 1) throw new ConflictError("The account's last owner cannot be demoted");
  await q.updateOperatorRole(db, actor.accountId, input.userId, input.role, now());
  await recordAudit(db, { accountId: actor.accountId, actor: operatorActor(actor), action: "operator.change-role", entityType: "operator", entityId: input.userId, before: { role: op.role }, after: { role: input.role }, requestId: actor.requestId });
}

/** Owner only: the identity, its sessions and credentials go; its audit rows stay. */
export async function removeOperator(db: Db, actor: ConsoleActor, userId: string): Promise<void> {
  requireRole(actor.role, "manage-operators");
  const op = await operatorOf(db, actor, userId);
  if (op.role === "owner" && (await q.countOwners(db, actor.accountId)) <= 1) throw new ConflictError("The account's last owner cannot be removed");
  await q.deleteOperatorUser(db, userId);
  await recordAudit(db, { accountId: actor.accountId, actor: operatorActor(actor), action: "operator.remove", entityType: "operator", entityId: userId, before: { email: op.email, role: op.role }, requestId: actor.requestId });
}

/** The operator behind a session's user, or null (a removed operator's identity is gone with it). */
export async function operatorForUser(db: Db, userId: string) {
  return (await q.findOperatorByUser(db, userId)) ?? null;
}
