import type { ZodOpenApiPathsObject } from "zod-openapi";
import {
  CreateMaintenanceUpdateInput,
  EditMaintenanceUpdateInput,
  Maintenance,
  MaintenanceList,
  MaintenanceListQuery,
  MaintenanceParams,
  MaintenanceStatusUpdate,
  MaintenanceUpdateParams,
  MoveMaintenanceInput,
  WindowIdParams,
} from "@/lib/maintenance/schema";
import { op } from "./helpers";

const M = "Maintenance windows";
const W = "/v1/maintenance-windows/{id}/maintenances";

/** Occurrences ("maintenances") of a window and their status updates (wire shapes from lib/maintenance/schema.ts). */
export const maintenanceOccurrencePaths: ZodOpenApiPathsObject = {
  [W]: {
    get: op({
      id: "listMaintenances",
      summary: "Upcoming occurrences of a window (not skipped, not over), in start order; repeats follow the window's time zone",
      tag: M,
      params: WindowIdParams,
      query: MaintenanceListQuery,
      ok: [200, MaintenanceList, "A bare array of occurrences"],
      errors: [404],
    }),
  },
  [`${W}/{maintenanceId}`]: {
    get: op({ id: "getMaintenance", summary: "Get one occurrence with its updates (newest first)", tag: M, params: MaintenanceParams, ok: [200, Maintenance, "The occurrence"], errors: [404] }),
    patch: op({
      id: "moveMaintenance",
      summary: "Move this occurrence only (recorded as an update with dateAdjustments); it may not overlap another occurrence of the window",
      tag: M,
      params: MaintenanceParams,
      body: MoveMaintenanceInput,
      ok: [200, Maintenance, "The occurrence"],
      errors: [404],
    }),
    delete: op({ id: "skipMaintenance", summary: "Skip this occurrence (status CANCELLED; no longer listed)", tag: M, params: MaintenanceParams, ok: [204, null, "Skipped"], errors: [404, 409] }),
  },
  [`${W}/{maintenanceId}/updates`]: {
    post: op({
      id: "createMaintenanceUpdate",
      summary: "Post a status update; it sets the occurrence's status (a COMPLETED or CANCELLED occurrence keeps its status)",
      tag: M,
      params: MaintenanceParams,
      body: CreateMaintenanceUpdateInput,
      ok: [201, MaintenanceStatusUpdate, "The update"],
      errors: [404],
    }),
  },
  [`${W}/{maintenanceId}/updates/{updateId}`]: {
    put: op({
      id: "editMaintenanceUpdate",
      summary: "Edit an update; an omitted status keeps the stored one",
      tag: M,
      params: MaintenanceUpdateParams,
      body: EditMaintenanceUpdateInput,
      ok: [200, MaintenanceStatusUpdate, "The update"],
      errors: [404],
    }),
    delete: op({ id: "deleteMaintenanceUpdate", summary: "Delete an update; the occurrence's status falls back to the latest remaining one", tag: M, params: MaintenanceUpdateParams, ok: [204, null, "Deleted"], errors: [404] }),
  },
};
