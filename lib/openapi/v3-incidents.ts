import type { ZodOpenApiPathsObject } from "zod-openapi";
import { CursorQuery } from "@/lib/http/pagination";
import {
  CreateIncidentV3Input,
  IncidentsV3Paginated,
  IncidentUpdateV3,
  IncidentUpdateV3Input,
  IncidentUpdateV3Params,
  IncidentUpdatesV3,
  IncidentV3,
  IncidentV3Params,
  PageIncidentsParams,
  ReplaceComponentImpactsInput,
  UpdateIncidentV3Input,
} from "@/lib/incidents/v3-schema";
import { DeliveryReport } from "@/lib/notifications/schema";
import { op } from "./helpers";

const I = "Incidents (v3)";
const BASE = "/v3/status-pages/{statusPageId}/incidents";

/** A v3 page's incidents with per-component impact windows, and their updates (wire shapes from lib/incidents/v3-schema.ts). */
export const v3IncidentPaths: ZodOpenApiPathsObject = {
  [BASE]: {
    get: op({ id: "listIncidentsV3", summary: "The page's incidents, most recently updated first (400 for a v1 page)", tag: I, params: PageIncidentsParams, query: CursorQuery, ok: [200, IncidentsV3Paginated, "A cursor page of incidents"], errors: [404] }),
    post: op({ id: "createIncidentV3", summary: "Open an incident with component impacts and exactly one update", tag: I, params: PageIncidentsParams, body: CreateIncidentV3Input, ok: [201, IncidentV3, "The incident"], errors: [404] }),
  },
  [`${BASE}/{incidentId}`]: {
    get: op({ id: "getIncidentV3", summary: "Get an incident", tag: I, params: IncidentV3Params, ok: [200, IncidentV3, "The incident"], errors: [404] }),
    put: op({ id: "updateIncidentV3", summary: "Rename, and with componentImpacts reconcile the components' status (left out: operational)", tag: I, params: IncidentV3Params, body: UpdateIncidentV3Input, ok: [200, IncidentV3, "The incident"], errors: [404] }),
    delete: op({ id: "deleteIncidentV3", summary: "Delete an incident with its updates and impact windows", tag: I, params: IncidentV3Params, ok: [204, null, "Deleted"], errors: [404] }),
  },
  [`${BASE}/{incidentId}/component-impacts`]: {
    put: op({ id: "replaceIncidentComponentImpactsV3", summary: "Replace the incident's whole impact history", tag: I, params: IncidentV3Params, body: ReplaceComponentImpactsInput, ok: [200, IncidentV3, "The incident"], errors: [404] }),
  },
  [`${BASE}/{incidentId}/incident-updates`]: {
    get: op({ id: "listIncidentUpdatesV3", summary: "The incident's updates, newest first (at most 100)", tag: I, params: IncidentV3Params, ok: [200, IncidentUpdatesV3, "Updates"], errors: [404] }),
    post: op({ id: "createIncidentUpdateV3", summary: "Post an update; RESOLVED closes every open impact window at its public time", tag: I, params: IncidentV3Params, body: IncidentUpdateV3Input, ok: [201, IncidentUpdateV3, "The update"], errors: [404] }),
  },
  [`${BASE}/{incidentId}/incident-updates/{incidentUpdateId}`]: {
    get: op({ id: "getIncidentUpdateV3", summary: "Get an update", tag: I, params: IncidentUpdateV3Params, ok: [200, IncidentUpdateV3, "The update"], errors: [404] }),
    put: op({ id: "editIncidentUpdateV3", summary: "Edit an update (never notifies again)", tag: I, params: IncidentUpdateV3Params, body: IncidentUpdateV3Input, ok: [200, IncidentUpdateV3, "The update"], errors: [404] }),
    delete: op({ id: "deleteIncidentUpdateV3", summary: "Delete an update (400 for the incident's last one)", tag: I, params: IncidentUpdateV3Params, ok: [204, null, "Deleted"], errors: [404] }),
  },
  [`${BASE}/{incidentId}/incident-updates/{incidentUpdateId}/deliveries`]: {
    get: op({ id: "getIncidentUpdateDeliveriesV3", summary: "Heliograph extension: delivery counts of an update (queued, sent, failed, dead) and its dead letters", tag: I, params: IncidentUpdateV3Params, ok: [200, DeliveryReport, "Delivery report"], errors: [404] }),
  },
};
