import "server-only";
import type { Db } from "@/lib/db";
import type { OperatorInvitation, OperatorRole } from "@/lib/db/types-operators";

type Q = Pick<Db, "selectFrom" | "insertInto" | "updateTable" | "deleteFrom">;

export interface OperatorView {
  userId: string;
  accountId: string;
  role: OperatorRole;
  email: string;
  name: string;
  createdAt: number;
}

const operatorColumns = ["o.user_id as userId", "o.account_id as accountId", "o.role as role", "u.email as email", "u.name as name", "o.created_at as createdAt"] as const;

export function findOperatorByUser(db: Q, userId: string): Promise<OperatorView | undefined> {
  return db.selectFrom("operators as o").innerJoin("auth_users as u", "u.id", "o.user_id").select(operatorColumns).where("o.user_id", "=", userId).executeTakeFirst();
}

export function listOperatorRows(db: Q, accountId: string): Promise<OperatorView[]> {
  return db.selectFrom("operators as o").innerJoin("auth_users as u", "u.id", "o.user_id").select(operatorColumns).where("o.account_id", "=", accountId).orderBy("o.created_at").orderBy("o.user_id").execute();
}

export function findUserByEmail(db: Q, email: string) {
  return db.selectFrom("auth_users").select(["id", "email", "name"]).where("email", "=", email).executeTakeFirst();
}

export async function insertOperator(db: Q, row: { userId: string; accountId: string; role: OperatorRole; at: number }): Promise<void> {
  await db.insertInto("operators").values({ user_id: row.userId, account_id: row.accountId, role: row.role, created_at: row.at, updated_at: row.at }).execute();
}

export async function updateOperatorRole(db: Q, accountId: string, userId: string, role: OperatorRole, at: number): Promise<void> {
  await db.updateTable("operators").set({ role, updated_at: at }).where("account_id", "=", accountId).where("user_id", "=", userId).execute();
}

/** The sign-in identity goes with the operator: its sessions and credentials are deleted with it (cascade). */
export async function deleteOperatorUser(db: Q, userId: string): Promise<void> {
  await db.deleteFrom("auth_users").where("id", "=", userId).execute();
}

export function countOwners(db: Q, accountId: string): Promise<number> {
  return db.selectFrom("operators").select((eb) => eb.fn.countAll<number>().as("n")).where("account_id", "=", accountId).where("role", "=", "owner").executeTakeFirstOrThrow().then((r) => Number(r.n));
}

export async function insertInvitation(db: Q, row: OperatorInvitation): Promise<void> {
  await db.insertInto("operator_invitations").values(row).execute();
}

export function findInvitationByHash(db: Q, tokenHash: string): Promise<OperatorInvitation | undefined> {
  return db.selectFrom("operator_invitations").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/** The newest open invitation for an address (OIDC sign-in: an invited identity's first visit). */
export function findOpenInvitationByEmail(db: Q, email: string, at: number): Promise<OperatorInvitation | undefined> {
  return db
    .selectFrom("operator_invitations")
    .selectAll()
    .where("email", "=", email)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", at)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
}

export function listOpenInvitations(db: Q, accountId: string, at: number): Promise<OperatorInvitation[]> {
  return db
    .selectFrom("operator_invitations")
    .selectAll()
    .where("account_id", "=", accountId)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", at)
    .orderBy("created_at")
    .execute();
}

/** Marks it used only while it is still open: true for the one caller that won. */
export async function claimInvitation(db: Q, id: string, at: number): Promise<boolean> {
  const r = await db.updateTable("operator_invitations").set({ accepted_at: at }).where("id", "=", id).where("accepted_at", "is", null).where("revoked_at", "is", null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function revokeInvitationRow(db: Q, accountId: string, id: string, at: number): Promise<void> {
  await db.updateTable("operator_invitations").set({ revoked_at: at }).where("account_id", "=", accountId).where("id", "=", id).where("accepted_at", "is", null).execute();
}
