import { z } from "zod";
import { toIso } from "@/lib/db/time";

/**
 * Document a schema as `schema` instead of what zod derives (a transform's input is a string with a
 * pattern, but clients should read "integer" or "date-time").
 */
export function documentAs(schema: Record<string, unknown>) {
  return {
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      const description = jsonSchema.description;
      for (const k of Object.keys(jsonSchema)) delete jsonSchema[k];
      Object.assign(jsonSchema, schema, description === undefined ? {} : { description });
    },
  };
}

const NUL_OR_LONE_SURROGATE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text both stores can hold: PostgreSQL refuses NUL and invalid UTF-16, so neither store accepts it. */
export const isStorableText = (s: string) => !NUL_OR_LONE_SURROGATE.test(s);

/**
 * Every text field of every input is built from this: a NUL character or an unpaired surrogate is a
 * 400 naming the field, on both stores, rather than a driver error (refused, not stripped: the client
 * learns its data was not stored as sent).
 */
export const text = () => z.string().refine(isStorableText, "must not contain NUL characters or unpaired UTF-16 surrogates");

/** Wire primitives shared by every noun's schema.ts. */
/** A query time as UNIX seconds (the vendor's) or an ISO 8601 date or instant; answers epoch ms. */
export const epochOrIsoQuery = (what: string) =>
  text()
    .max(40)
    .transform((s, ctx) => {
      const ms = /^\d{1,12}(\.\d+)?$/.test(s) ? Math.floor(Number(s) * 1000) : Date.parse(s);
      if (Number.isNaN(ms)) {
        ctx.addIssue({ code: "custom", message: "must be UNIX seconds or an ISO 8601 date or instant" });
        return z.NEVER;
      }
      return ms;
    })
    .optional()
    .meta({ ...documentAs({ type: "string" }), description: what });

export const Uuid = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, "must be a uuid")
  .transform((s) => s.toLowerCase())
  .meta(documentAs({ type: "string", format: "uuid" }));

export const IdParams = z.object({ id: Uuid });
/** A uuid in a response (no transform, so the document can describe it as output). */
export const UuidOut = z.string().meta({ format: "uuid" });

/** Output: ISO 8601 with milliseconds and Z. */
export const Timestamp = z.iso.datetime({ precision: 3 }).meta({ example: "2026-11-21T10:00:00.000Z" });

/** Input: any ISO 8601 date-time with Z or an offset, turned into epoch ms for the verbs. */
export const TimestampInput = z.iso
  .datetime({ offset: true })
  .transform((s) => Date.parse(s))
  .meta(documentAs({ type: "string", format: "date-time" }));

export const HttpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http or https URL" })
  .max(2048)
  .refine(isStorableText, "must not contain NUL characters or unpaired UTF-16 surrogates");

export const ServiceReference = z
  .strictObject({
    id: Uuid,
    /** Accepted (the vendor's clients send them) and ignored: the id decides. */
    name: text().optional(),
    accountId: text().optional(),
  })
  .meta({ id: "ServiceReference", description: "A service by id; `name` and `accountId` are accepted and ignored." });

export const times = (row: { created_at: number; updated_at: number }) => ({ created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) });

export const ErrorEnvelope = z
  .strictObject({
    statusCode: z.number().int(),
    error: z.string().meta({ description: "The HTTP reason phrase" }),
    message: z.string(),
    attributes: z.record(z.string(), z.unknown()).meta({ description: "Detail; for validation errors `fields` lists the offending field paths" }),
  })
  .meta({ id: "ErrorEnvelope", example: { statusCode: 404, error: "Not Found", message: "Incident not found", attributes: {} } });
