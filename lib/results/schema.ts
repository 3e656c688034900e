import { z } from "zod";
import { ALL_CHECK_TYPES } from "@/lib/checks/types";
import { PUBLIC_LOCATIONS } from "@/lib/locations";
import { limitParam } from "@/lib/http/pagination";
import { documentAs, epochOrIsoQuery, text, Uuid } from "@/lib/http/wire";

/* Wire shapes of check results and check statuses (contract §3, §4): reads only. */

export const CheckIdParams = z.object({ checkId: Uuid });
export const CheckResultParams = z.object({ checkId: Uuid, checkResultId: Uuid });

const instant = epochOrIsoQuery;

const Bool = z.enum(["true", "false"]).transform((s) => s === "true");

/** The projection `fields` may name (§3); others are a 400. */
export const RESULT_FIELDS = [
  "id", "name", "checkId", "hasFailures", "hasErrors", "isDegraded", "isCancelled", "overMaxResponseTime", "runLocation", "startedAt", "stoppedAt",
  "created_at", "createdAt", "responseTime", "apiCheckResult", "browserCheckResult", "multiStepCheckResult", "agenticCheckResult", "playwrightCheckResult",
  "tracerouteCheckResult", "grpcCheckResult", "sslCheckResult", "checkRunId", "attempts", "resultType", "sequenceId", "traceId", "errorGroupIds",
] as const;
export type ResultField = (typeof RESULT_FIELDS)[number];

const Fields = text()
  .max(1000)
  .transform((s, ctx) => {
    const names = s.split(",").map((f) => f.trim()).filter(Boolean);
    const unknown = names.filter((f) => !(RESULT_FIELDS as readonly string[]).includes(f));
    if (unknown.length > 0) {
      ctx.addIssue({ code: "custom", message: `unknown field ${unknown.slice(0, 3).join(", ")}` });
      return z.NEVER;
    }
    return [...new Set(names)] as ResultField[];
  })
  .optional()
  .meta({ ...documentAs({ type: "string" }), description: "Comma-separated projection of the result's fields" });

export const CheckResultsQuery = z
  .object({
    limit: limitParam(100, 10),
    nextId: text().max(512).optional().meta({ description: "The `nextId` of the previous page" }),
    from: instant("Results started at or after this time (UNIX seconds or ISO), inclusive"),
    to: instant("Results started before this time (UNIX seconds or ISO), exclusive"),
    location: z.enum(PUBLIC_LOCATIONS).optional(),
    checkType: z.enum(ALL_CHECK_TYPES).optional(),
    hasFailures: Bool.optional().meta({ ...documentAs({ type: "boolean" }) }),
    resultType: z.enum(["FINAL", "ATTEMPT", "ALL"]).optional().transform((v) => v ?? "FINAL").meta({ ...documentAs({ type: "string", enum: ["FINAL", "ATTEMPT", "ALL"], default: "FINAL" }) }),
    fields: Fields,
  })
  .refine((q) => q.from === undefined || q.to === undefined || q.from < q.to, { message: "from must be before to", path: ["from"] });
export type CheckResultsFilter = z.output<typeof CheckResultsQuery>;

const SIX_HOURS = 6 * 3_600_000;
const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, "must be an integer")
  .transform(Number)
  .pipe(z.number().int().min(1, "must be 1 or more"))
  .optional()
  .transform((v) => v ?? 1)
  .meta({ ...documentAs({ type: "integer", minimum: 1, default: 1 }), description: "Page number, from 1" });

/** The deprecated v1 list: page/limit, and a window of at most 6 hours (default: the last 6 hours). */
export const CheckResultsV1Query = z
  .object({
    limit: limitParam(100, 10),
    page: pageParam,
    from: instant("Results started at or after this time (UNIX seconds or ISO); default: `to` − 6 hours"),
    to: instant("Results started before this time (UNIX seconds or ISO); default: `from` + 6 hours, or now"),
    location: z.enum(PUBLIC_LOCATIONS).optional(),
    checkType: z.enum(ALL_CHECK_TYPES).optional(),
    hasFailures: Bool.optional().meta({ ...documentAs({ type: "boolean" }) }),
    resultType: z.enum(["FINAL", "ATTEMPT", "ALL"]).optional().transform((v) => v ?? "FINAL").meta({ ...documentAs({ type: "string", enum: ["FINAL", "ATTEMPT", "ALL"], default: "FINAL" }) }),
  })
  .refine((q) => q.from === undefined || q.to === undefined || (q.from < q.to && q.to - q.from <= SIX_HOURS), { message: "from must be before to, at most 6 hours apart", path: ["from"] });


const iso = z.iso.datetime({ precision: 3 });

/** The vendor's CheckResult; per-type objects other than apiCheckResult are always null here. */
export const CheckResult = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    checkId: z.string(),
    hasFailures: z.boolean(),
    hasErrors: z.boolean(),
    isDegraded: z.boolean().nullable(),
    isCancelled: z.boolean(),
    overMaxResponseTime: z.boolean().nullable(),
    runLocation: z.string(),
    startedAt: iso.nullable(),
    stoppedAt: iso.nullable(),
    created_at: iso,
    responseTime: z.number(),
    apiCheckResult: z.record(z.string(), z.unknown()).nullable(),
    browserCheckResult: z.null(),
    multiStepCheckResult: z.null(),
    agenticCheckResult: z.null(),
    playwrightCheckResult: z.null(),
    tracerouteCheckResult: z.null(),
    grpcCheckResult: z.null(),
    sslCheckResult: z.null(),
    checkRunId: z.number(),
    attempts: z.number(),
    resultType: z.enum(["FINAL", "ATTEMPT"]),
    sequenceId: z.string().nullable(),
    traceId: z.string().nullable(),
    errorGroupIds: z.array(z.string()).nullable(),
  })
  .meta({ id: "CheckResult" });

export const CheckResultV1List = z.array(CheckResult).meta({ id: "CheckResultV1List" });

export const CheckResultPage = z
  .strictObject({ length: z.number().int().nonnegative(), entries: z.array(CheckResult.partial()), nextId: z.string().nullable() })
  .meta({ id: "CheckResultV2Paginated" });

export const CheckStatus = z
  .strictObject({
    name: z.string(),
    checkId: z.string(),
    hasFailures: z.boolean(),
    hasErrors: z.boolean(),
    isDegraded: z.boolean(),
    longestRun: z.number().nullable(),
    shortestRun: z.number().nullable(),
    lastRunLocation: z.string().nullable(),
    lastCheckRunId: z.string().nullable(),
    sslDaysRemaining: z.number().nullable(),
    created_at: iso,
    updated_at: iso.nullable(),
  })
  .meta({ id: "CheckStatus" });
