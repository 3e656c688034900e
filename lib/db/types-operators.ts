import type { ColumnType, Selectable } from "kysely";
import type { ActorType } from "./types";

/*
 * The console's tables (migration 020), added to the shared Database interface by augmentation. The auth_* tables
 * are the sign-in library's, in its own column names; they are typed here only for the few reads our queries make.
 */
export type OperatorRole = "owner" | "editor" | "viewer";
export type ApiKeyScope = "read" | "write";
/** A date the sign-in library wrote: a Date on PostgreSQL, ISO text on SQLite. */
export type LibraryDate = Date | string;

export interface AuthUsersTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  twoFactorEnabled: ColumnType<boolean | number | null, boolean | number | null | undefined, boolean | number | null>;
  createdAt: LibraryDate;
  updatedAt: LibraryDate;
}

export interface AuthSessionsTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: LibraryDate;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: LibraryDate;
  updatedAt: LibraryDate;
}

export interface OperatorsTable {
  user_id: string;
  account_id: string;
  role: OperatorRole;
  created_at: number;
  updated_at: number;
}

export interface OperatorInvitationsTable {
  id: string;
  account_id: string;
  email: string;
  role: OperatorRole;
  /** sha256 of the link's token; the token itself is only in the e-mail */
  token_hash: string;
  invited_by: string | null;
  expires_at: number;
  accepted_at: number | null;
  revoked_at: number | null;
  created_at: number;
}

/** The actors of the audit log: the actors of updates, and the server itself (the CLI). */
export type AuditActorType = ActorType | "SYSTEM";

export interface AuditLogTable {
  id: string;
  account_id: string;
  actor_type: AuditActorType;
  actor_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  /** JSON string[] */
  changed_fields: string;
  /** JSON, secrets redacted */
  before: string | null;
  after: string | null;
  request_id: string | null;
  created_at: number;
}

declare module "./types" {
  interface Database {
    auth_users: AuthUsersTable;
    auth_sessions: AuthSessionsTable;
    operators: OperatorsTable;
    operator_invitations: OperatorInvitationsTable;
    audit_log: AuditLogTable;
  }
  interface ApiKeysTable {
    scope: ColumnType<ApiKeyScope, ApiKeyScope | undefined, ApiKeyScope>;
  }
}

export type Operator = Selectable<OperatorsTable>;
export type OperatorInvitation = Selectable<OperatorInvitationsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
