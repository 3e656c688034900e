import { z } from "zod";
import { documentAs, text } from "./wire";

/** `?limit=` as digits only: `abc`, `1.5`, `-1` and the empty string are 400, not coerced. */
export function limitParam(max: number, fallback: number) {
  return z
    .string()
    .regex(/^\d{1,6}$/, "must be an integer")
    .transform(Number)
    .pipe(z.number().int().min(1, `must be between 1 and ${max}`).max(max, `must be between 1 and ${max}`))
    .optional()
    .transform((v) => v ?? fallback)
    .meta({ ...documentAs({ type: "integer", minimum: 1, maximum: max, default: fallback }), description: `Entries per page, 1–${max} (default ${fallback})` });
}

export const CursorQuery = z.object({
  limit: limitParam(100, 20),
  nextId: text().max(512).optional().meta({ description: "The `nextId` of the previous page" }),
});

/** `{length, entries, nextId}`: `length` counts this page's entries; `nextId` null means the end. */
export function CursorPage<T extends z.ZodType>(entry: T, id: string) {
  return z
    .strictObject({
      length: z.number().int().nonnegative(),
      entries: z.array(entry),
      nextId: z.string().nullable(),
    })
    .meta({ id });
}

export function cursorPage<T>(entries: T[], nextId: string | null) {
  return { length: entries.length, entries, nextId };
}
