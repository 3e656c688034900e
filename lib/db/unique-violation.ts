import { ConflictError } from "@/lib/errors";

/** SQLite and PostgreSQL report a unique violation differently; callers see the same ConflictError. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== "object" || err === null) return false;
  const e = err as { code?: unknown };
  return e.code === "23505" || e.code === "SQLITE_CONSTRAINT_UNIQUE" || e.code === "SQLITE_CONSTRAINT_PRIMARYKEY";
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
