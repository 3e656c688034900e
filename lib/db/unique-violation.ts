import { ConflictError } from "@/lib/errors";

/** SQLite and PostgreSQL report a unique violation differently; callers see the same ConflictError. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const e = err as { code?: unknown };
  return e.code === "23505" || e.code === "SQLITE_CONSTRAINT_UNIQUE" || e.code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

/**
 * A row this write refers to vanished between its checks and its insert (a concurrent delete of the page or
 * component it names). Verbs check references first; this is the backstop, so such a race is a 409, not a 500.
 */
export function isForeignKeyViolation(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const e = err as { code?: unknown };
  return e.code === "23503" || e.code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}

/** Runs `fn`; a unique violation becomes a ConflictError with the given message and attributes. */
export async function conflictOnDuplicate<T>(fn: () => Promise<T>, message: string, attributes: Record<string, unknown> = {}): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ConflictError(message, attributes);
    throw err;
  }
}
