import type { SelectQueryBuilder } from "kysely";

/** Position of the last row of a page; the API encodes it into an opaque cursor. */
export interface Keyset {
  createdAt: number;
  id: string;
}

export interface PageRequest {
  limit: number;
  after?: Keyset;
}

/**
 * Keyset pagination on (created_at, id): rows inserted while a client walks the list are never
 * repeated or skipped, unlike OFFSET. `dir` is the sort direction of the list.
 */
export function applyKeyset<DB, TB extends keyof DB & string, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  table: TB,
  page: PageRequest,
  dir: "asc" | "desc",
): SelectQueryBuilder<DB, TB, O> {
  const created = `${table}.created_at` as never;
  const id = `${table}.id` as never;
  let out = q;
  if (page.after) {
    const { createdAt, id: afterId } = page.after;
    const op = dir === "asc" ? ">" : "<";
    // The generic table type hides the column types from Kysely; the values are the columns' own types.
    const c = createdAt as never;
    const i = afterId as never;
    out = out.where((eb) => eb.or([eb(created, op, c), eb.and([eb(created, "=", c), eb(id, op, i)])]));
  }
  return out.orderBy(created, dir).orderBy(id, dir).limit(page.limit + 1);
}

/** Splits the extra row fetched by applyKeyset off into "is there a next page". */
export function pageOf<T extends { created_at: number; id: string }>(rows: T[], limit: number): { rows: T[]; next: Keyset | null } {
  if (rows.length <= limit) return { rows, next: null };
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next: { createdAt: last.created_at, id: last.id } };
}
