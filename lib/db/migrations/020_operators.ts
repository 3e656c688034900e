import type { Kysely } from "kysely";
import { dialectOf } from "../dialects";

/*
 * The console: the sign-in library's tables (better-auth) as its CLI would generate them, in its own column names
 * and types (dates as timestamptz or ISO text, booleans as boolean or 0/1); then operators (one account each, a role),
 * invitations, the append-only audit log, and API key scopes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = dialectOf(db) === "postgres";
  const uuid = pg ? "uuid" : "text";
  const date = pg ? "timestamptz" : "text";
  const bool = pg ? "boolean" : "integer";
  const no = pg ? false : 0;
  const ms = "bigint";

  await db.schema
    .createTable("auth_users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("emailVerified", bool, (c) => c.notNull().defaultTo(no))
    .addColumn("image", "text")
    .addColumn("twoFactorEnabled", bool, (c) => c.defaultTo(no))
    .addColumn("createdAt", date, (c) => c.notNull())
    .addColumn("updatedAt", date, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("auth_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("expiresAt", date, (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull().unique())
    .addColumn("createdAt", date, (c) => c.notNull())
    .addColumn("updatedAt", date, (c) => c.notNull())
    .addColumn("ipAddress", "text")
    .addColumn("userAgent", "text")
    .addColumn("userId", "text", (c) => c.notNull().references("auth_users.id").onDelete("cascade"))
    .execute();
  await db.schema.createIndex("auth_sessions_user").on("auth_sessions").column("userId").execute();

  await db.schema
    .createTable("auth_accounts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("accountId", "text", (c) => c.notNull())
    .addColumn("providerId", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("auth_users.id").onDelete("cascade"))
    .addColumn("accessToken", "text")
    .addColumn("refreshToken", "text")
    .addColumn("idToken", "text")
    .addColumn("accessTokenExpiresAt", date)
    .addColumn("refreshTokenExpiresAt", date)
    .addColumn("scope", "text")
    .addColumn("password", "text")
    .addColumn("createdAt", date, (c) => c.notNull())
    .addColumn("updatedAt", date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auth_accounts_user").on("auth_accounts").column("userId").execute();

  await db.schema
    .createTable("auth_verifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("identifier", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("expiresAt", date, (c) => c.notNull())
    .addColumn("createdAt", date, (c) => c.notNull())
    .addColumn("updatedAt", date, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auth_verifications_identifier").on("auth_verifications").column("identifier").execute();

  await db.schema
    .createTable("auth_two_factors")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("backupCodes", "text", (c) => c.notNull())
    .addColumn("userId", "text", (c) => c.notNull().references("auth_users.id").onDelete("cascade"))
    .addColumn("verified", bool, (c) => c.defaultTo(pg ? true : 1))
    .addColumn("failedVerificationCount", "integer", (c) => c.defaultTo(0))
    .addColumn("lockedUntil", date)
    .execute();
  await db.schema.createIndex("auth_two_factors_user").on("auth_two_factors").column("userId").execute();
  await db.schema.createIndex("auth_two_factors_secret").on("auth_two_factors").column("secret").execute();

  // One account per operator: the user row is the sign-in identity, this row is what it may do where.
  await db.schema
    .createTable("operators")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("auth_users.id").onDelete("cascade"))
    .addColumn("account_id", uuid, (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("created_at", ms, (c) => c.notNull())
    .addColumn("updated_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("operators_account").on("operators").columns(["account_id", "created_at"]).execute();

  await db.schema
    .createTable("operator_invitations")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("account_id", uuid, (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("invited_by", "text")
    .addColumn("expires_at", ms, (c) => c.notNull())
    .addColumn("accepted_at", ms)
    .addColumn("revoked_at", ms)
    .addColumn("created_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("operator_invitations_account").on("operator_invitations").columns(["account_id", "email"]).execute();

  // Append-only and outliving what it describes: no foreign keys, so deleting a page or an operator keeps its rows.
  await db.schema
    .createTable("audit_log")
    .addColumn("id", uuid, (c) => c.primaryKey())
    .addColumn("account_id", uuid, (c) => c.notNull())
    .addColumn("actor_type", "text", (c) => c.notNull())
    .addColumn("actor_id", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    .addColumn("changed_fields", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("request_id", "text")
    .addColumn("created_at", ms, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("audit_log_account").on("audit_log").columns(["account_id", "created_at", "id"]).execute();

  // Existing keys keep writing; a read key's writes are refused by the API wrapper.
  await db.schema.alterTable("api_keys").addColumn("scope", "text", (c) => c.notNull().defaultTo("write")).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("api_keys").dropColumn("scope").execute();
  for (const t of ["audit_log", "operator_invitations", "operators", "auth_two_factors", "auth_verifications", "auth_accounts", "auth_sessions", "auth_users"]) {
    await db.schema.dropTable(t).execute();
  }
}
