import { ForbiddenError } from "@/lib/errors";
import type { OperatorRole } from "@/lib/db/types-operators";

/**
 * What each role may do, decided here and only here: every console action and verb asks `requireRole` on the
 * server, so a viewer's crafted request fails however it was made (hiding a button is never the guard).
 */
export const ROLES = ["owner", "editor", "viewer"] as const satisfies readonly OperatorRole[];

/** owner: everything, including operators and API keys; editor: the pages' content; viewer: reading. */
export type Permission = "read" | "write" | "manage-operators";

const GRANTS: Record<OperatorRole, readonly Permission[]> = {
  owner: ["read", "write", "manage-operators"],
  editor: ["read", "write"],
  viewer: ["read"],
};

export const can = (role: OperatorRole, permission: Permission): boolean => GRANTS[role].includes(permission);

export function requireRole(role: OperatorRole, permission: Permission): void {
  if (!can(role, permission)) {
    throw new ForbiddenError(permission === "manage-operators" ? "Only an owner may manage operators and API keys" : "Your role may only read", { role, permission });
  }
}
