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

/** Wire primitives shared by every noun's schema.ts. */
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

export const HttpUrl = z.url({ protocol: /^https?$/, error: "must be an http or https URL" }).max(2048);

export const ServiceReference = z
  .strictObject({
    id: Uuid,
    /** Accepted (the vendor's clients send them) and ignored: the id decides. */
    name: z.string().optional(),
    accountId: z.string().optional(),
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
