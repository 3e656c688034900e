import { z } from "zod";
import { documentAs, text, Timestamp, TimestampInput, Uuid, UuidOut } from "@/lib/http/wire";
import { limitParam } from "@/lib/http/pagination";
import type { MaintenanceFilter } from "./types";
import { isIanaZone } from "./occurrences";

export const RepeatUnit = z.enum(["DAY", "WEEK", "MONTH"]).meta({ id: "RepeatUnit" });

// The same test the repeat rule uses (lib/maintenance/occurrences.ts): a zone the window can repeat in.
const TimeZone = text().max(64).refine(isIanaZone, "must be an IANA time zone such as Europe/Berlin");

const Tags = z.array(text().trim().min(1).max(100)).max(50);

// A first start before 2000 is a typo (year 1, 0026), not a plan: refused here, though repeats cost the same at any age.
const EARLIEST_START = Date.UTC(2000, 0, 1);
const WindowStart = TimestampInput.refine((ms) => ms >= EARLIEST_START, "must be 2000-01-01T00:00:00Z or later").meta({
  ...documentAs({ type: "string", format: "date-time" }),
  description: "The first occurrence's start (repeats count from it): 2000-01-01T00:00:00Z or later",
});

const visibilityFields = {
  enabled: z.boolean(),
  severity: text().max(50).nullable(),
  affectAllServices: z.boolean(),
  serviceIds: z.array(Uuid).max(1000).meta({ description: "v1 services (account-wide) under maintenance while an occurrence is in progress" }),
  componentIds: z
    .array(Uuid)
    .max(1000)
    .meta({ description: "v3 components of the account's pages under maintenance while an occurrence is in progress; a GROUP covers its components. Heliograph's addition: serviceIds stay v1 services only" }),
  statusPageIds: z.array(Uuid).max(100),
  showAffectedServices: z.boolean(),
  notifyOnStart: z.boolean(),
  notifyOnEnd: z.boolean(),
  reminderMinutesBefore: z.array(z.number().int().min(60).max(10_080)).max(3),
  autoStart: z.boolean(),
  autoEnd: z.boolean(),
  suppressAutoIncidents: z.boolean(),
};

export const StatusPageVisibilityInput = z.strictObject(visibilityFields).partial().meta({ id: "StatusPageVisibilityInput" });

const windowFields = {
  name: text().trim().min(1, "must not be empty").max(200),
  description: text().max(2000).nullable().optional(),
  tags: Tags.optional(),
  startsAt: WindowStart,
  endsAt: TimestampInput,
  repeatInterval: z.number().int().min(1).max(365).nullable().optional(),
  repeatUnit: RepeatUnit.nullable(),
  repeatEndsAt: TimestampInput.nullable().optional(),
  timezone: TimeZone.nullable().optional(),
  pauseAllChecks: z.boolean().optional(),
  silenceAllAlerts: z.boolean().optional(),
  silenceAlertsTags: Tags.optional(),
  statusPageVisibility: StatusPageVisibilityInput.optional(),
};

const endsAfterStart = (w: { startsAt?: number; endsAt?: number }, ctx: z.RefinementCtx) => {
  if (w.startsAt !== undefined && w.endsAt !== undefined && w.endsAt <= w.startsAt) {
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "must be after startsAt" });
  }
};

export const CreateMaintenanceWindowInput = z.strictObject(windowFields).superRefine(endsAfterStart).meta({ id: "CreateMaintenanceWindowInput" });
/** PUT: any window fields; omitted ones stay. */
export const UpdateMaintenanceWindowInput = z.strictObject(windowFields).partial().superRefine(endsAfterStart).meta({ id: "UpdateMaintenanceWindowInput" });

export const StatusPageVisibility = z
  .strictObject({ ...visibilityFields, serviceIds: z.array(UuidOut), componentIds: z.array(UuidOut).meta({ description: "v3 components under maintenance while an occurrence is in progress (a GROUP covers its components)" }), statusPageIds: z.array(UuidOut) })
  .meta({ id: "StatusPageVisibility" });

export const MaintenanceWindow = z
  .strictObject({
    id: z.number().int().positive(),
    name: z.string(),
    description: z.string().nullable(),
    tags: z.array(z.string()),
    startsAt: Timestamp,
    endsAt: Timestamp,
    repeatInterval: z.number().int().nullable(),
    repeatUnit: RepeatUnit.nullable(),
    repeatEndsAt: Timestamp.nullable(),
    timezone: z.string().nullable(),
    pauseAllChecks: z.boolean(),
    silenceAllAlerts: z.boolean(),
    silenceAlertsTags: z.array(z.string()),
    statusPageVisibility: StatusPageVisibility,
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "MaintenanceWindow" });

export const MaintenanceWindowList = z.array(MaintenanceWindow).meta({ id: "MaintenanceWindowList" });

export const WindowIdParams = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, "must be a positive integer")
    .transform(Number)
    .meta(documentAs({ type: "integer", minimum: 1 })),
});

const FILTER_KEY = /^(startsAt|endsAt)\[(gt|gte|lt|lte)\]$/;
const Bound = TimestampInput.optional();

/** `?limit&page` plus `startsAt[gt]=…` style filters; an unknown bracketed filter is a 400, not ignored. */
export const MaintenanceWindowQuery = z
  .object({
    limit: limitParam(100, 10),
    page: z
      .string()
      .regex(/^\d{1,9}$/, "must be an integer")
      .transform(Number)
      .pipe(z.number().int().min(1, "must be 1 or more"))
      .optional()
      .transform((v) => v ?? 1)
      .meta({ ...documentAs({ type: "integer", minimum: 1, default: 1 }), description: "1-based page number" }),
    "startsAt[gt]": Bound,
    "startsAt[gte]": Bound,
    "startsAt[lt]": Bound,
    "startsAt[lte]": Bound,
    "endsAt[gt]": Bound,
    "endsAt[gte]": Bound,
    "endsAt[lt]": Bound,
    "endsAt[lte]": Bound,
  })
  .loose()
  .superRefine((q, ctx) => {
    for (const key of Object.keys(q)) {
      if (/^(startsAt|endsAt)\[/.test(key) && !FILTER_KEY.test(key)) {
        ctx.addIssue({ code: "custom", path: [key], message: "filters are startsAt[gt|gte|lt|lte] and endsAt[gt|gte|lt|lte]" });
      }
    }
  });

/** The verbs' filter from a parsed MaintenanceWindowQuery. */
export function filterOf(q: z.output<typeof MaintenanceWindowQuery>): MaintenanceFilter {
  const filter: MaintenanceFilter = {};
  for (const field of ["startsAt", "endsAt"] as const) {
    for (const op of ["gt", "gte", "lt", "lte"] as const) {
      const v = q[`${field}[${op}]`];
      if (typeof v === "number") filter[field] = { ...filter[field], [op]: v };
    }
  }
  return filter;
}

/* Occurrences ("maintenances") of a window and their status updates. */

export const MaintenanceStatus = z.enum(["SCHEDULED", "IN_PROGRESS", "VERIFYING", "COMPLETED", "CANCELLED"]).meta({ id: "MaintenanceStatus" });

export const MaintenanceParams = WindowIdParams.extend({ maintenanceId: Uuid });
export const MaintenanceUpdateParams = MaintenanceParams.extend({ updateId: Uuid });

export const MaintenanceListQuery = z.object({
  limit: limitParam(50, 10),
  page: MaintenanceWindowQuery.shape.page,
});

const endsAfterStartGiven = (m: { startsAt?: number; endsAt?: number }, ctx: z.RefinementCtx) => {
  if (m.startsAt !== undefined && m.endsAt !== undefined && m.endsAt <= m.startsAt) {
    ctx.addIssue({ code: "custom", path: ["endsAt"], message: "must be after startsAt" });
  }
};

/** PATCH: moves this occurrence only; an omitted time stays. */
export const MoveMaintenanceInput = z
  .strictObject({ startsAt: TimestampInput.optional(), endsAt: TimestampInput.optional() })
  .superRefine(endsAfterStartGiven)
  .meta({ id: "MoveMaintenanceInput" });

const updateFields = {
  status: MaintenanceStatus,
  description: text().trim().min(1, "must not be empty").max(2000),
  notifySubscribers: z.boolean().optional(),
};

export const CreateMaintenanceUpdateInput = z.strictObject(updateFields).meta({ id: "CreateMaintenanceUpdateInput" });
/** PUT: all optional; an omitted status keeps the stored one. */
export const EditMaintenanceUpdateInput = z.strictObject(updateFields).partial().meta({ id: "EditMaintenanceUpdateInput" });

const DateAdjustments = z.strictObject({ startsAt: Timestamp.optional(), endsAt: Timestamp.optional() });

export const MaintenanceStatusUpdate = z
  .strictObject({
    id: UuidOut,
    maintenanceWindowId: z.number().int(),
    maintenanceId: UuidOut,
    status: MaintenanceStatus,
    description: z.string(),
    notifySubscribers: z.boolean(),
    created_at: Timestamp,
    previousStatus: MaintenanceStatus.nullable(),
    previousStartsAt: Timestamp.nullable(),
    previousEndsAt: Timestamp.nullable(),
    dateAdjustments: DateAdjustments.nullable().meta({ description: "The times this update moved the occurrence to (a move through PATCH), else null" }),
  })
  .meta({ id: "MaintenanceStatusUpdate" });

export const Maintenance = z
  .strictObject({
    id: UuidOut,
    maintenanceWindowId: z.number().int(),
    startsAt: Timestamp,
    endsAt: Timestamp,
    status: MaintenanceStatus,
    created_at: Timestamp,
    updated_at: Timestamp,
    updates: z.array(MaintenanceStatusUpdate).meta({ description: "Newest first" }),
  })
  .meta({ id: "Maintenance" });

export const MaintenanceList = z.array(Maintenance).meta({ id: "MaintenanceList" });
