import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { env } from "@/lib/env";
import { Account, AccountIdParams, AccountList, Entitlements, NextAccount, NextAccountList } from "@/lib/accounts/schema";
import { ApiKeyActor } from "@/lib/api-keys/schema";
import { CursorQuery } from "@/lib/http/pagination";
import { IdParams } from "@/lib/http/wire";
import { CreateIncidentInput, Incident, IncidentPage, IncidentUpdate, IncidentUpdateInput, IncidentUpdateList, LegacyUpdateParams, PatchIncidentInput, UpdateIncidentInput, UpdateParams } from "@/lib/incidents/schema";
import { CreateMaintenanceWindowInput, MaintenanceWindow, MaintenanceWindowList, MaintenanceWindowQuery, UpdateMaintenanceWindowInput, WindowIdParams } from "@/lib/maintenance/schema";
import { CreateServiceInput, Service, ServicePage, UpdateServiceInput } from "@/lib/services/schema";
import { CreatedStatusPageKey, CreatePageKeyInput, CreateStatusPageInput, PageKeyParams, SetStatusPagePasswordInput, StatusPage, StatusPageKey, StatusPagePage, UpdateStatusPageInput } from "@/lib/status-pages/schema";
import { z } from "zod";
import { op } from "./helpers";
import { subscriptionPaths } from "./subscriptions";
import { customDomainPaths } from "./custom-domains";
import { apiKeyPaths } from "./api-keys";
import { auditLogPaths } from "./audit-log";
import { maintenanceOccurrencePaths } from "./maintenance-occurrences";
import { v3PagePaths } from "./v3-pages";
import { v3IncidentPaths } from "./v3-incidents";
import { automationPaths } from "./automation";
import { integrationPaths } from "./integrations";
import { alertingPaths } from "./alerting";
import { checkPaths } from "./checks";

const P = "Status pages";
const S = "Services";
const I = "Incidents";
const M = "Maintenance windows";
const A = "Accounts";

const paths: ZodOpenApiPathsObject = {
  "/v1/status-pages": {
    get: op({ id: "listStatusPages", summary: "List status pages", tag: P, query: CursorQuery, ok: [200, StatusPagePage, "A cursor page of status pages"], errors: [] }),
    post: op({ id: "createStatusPage", summary: "Create a status page", tag: P, body: CreateStatusPageInput, ok: [201, StatusPage, "The page"], errors: [402, 404, 409] }),
  },
  "/v1/status-pages/{id}": {
    get: op({ id: "getStatusPage", summary: "Get a status page", tag: P, params: IdParams, ok: [200, StatusPage, "The page"], errors: [404] }),
    put: op({ id: "updateStatusPage", summary: "Replace a status page; cards replace its cards in the order given", tag: P, params: IdParams, body: UpdateStatusPageInput, ok: [200, StatusPage, "The page"], errors: [404, 409] }),
    delete: op({ id: "deleteStatusPage", summary: "Delete a status page", tag: P, params: IdParams, ok: [204, null, "Deleted"], errors: [404] }),
  },
  "/v1/status-pages/{id}/keys": {
    get: op({ id: "listStatusPageKeys", summary: "List a private page's access keys (masked)", tag: P, params: IdParams, ok: [200, z.array(StatusPageKey), "Masked keys"], errors: [404] }),
    post: op({ id: "createStatusPageKey", summary: "Create an access key; the raw key is in this answer only", tag: P, params: IdParams, body: CreatePageKeyInput, bodyOptional: true, ok: [201, CreatedStatusPageKey, "The key, shown once"], errors: [402, 404] }),
  },
  "/v1/status-pages/{id}/keys/{keyId}": {
    delete: op({ id: "revokeStatusPageKey", summary: "Revoke an access key", tag: P, params: PageKeyParams, ok: [204, null, "Revoked"], errors: [404] }),
  },
  "/v1/status-pages/{id}/password": {
    put: op({ id: "setStatusPagePassword", summary: "Set (or with null remove) the password of a private page", tag: P, params: IdParams, body: SetStatusPagePasswordInput, ok: [204, null, "Saved"], errors: [404] }),
  },
  ...subscriptionPaths,
  ...customDomainPaths,
  "/v1/status-pages/services": {
    get: op({ id: "listServices", summary: "List services", tag: S, query: CursorQuery, ok: [200, ServicePage, "A cursor page of services"], errors: [] }),
    post: op({ id: "createService", summary: "Create a service (answers 200, as the original API does)", tag: S, body: CreateServiceInput, ok: [200, Service, "The service"], errors: [402] }),
  },
  "/v1/status-pages/services/{id}": {
    get: op({ id: "getService", summary: "Get a service", tag: S, params: IdParams, ok: [200, Service, "The service"], errors: [404] }),
    put: op({ id: "updateService", summary: "Rename a service", tag: S, params: IdParams, body: UpdateServiceInput, ok: [200, Service, "The service"], errors: [404] }),
    delete: op({ id: "deleteService", summary: "Delete a service (409 while an unresolved incident uses it)", tag: S, params: IdParams, ok: [204, null, "Deleted"], errors: [404, 409] }),
  },
  "/v1/status-pages/incidents": {
    get: op({ id: "listIncidents", summary: "List incidents, newest first", tag: I, query: CursorQuery, ok: [200, IncidentPage, "A cursor page of incidents"], errors: [] }),
    post: op({ id: "createIncident", summary: "Open an incident with exactly one update", tag: I, body: CreateIncidentInput, ok: [201, Incident, "The incident"], errors: [404] }),
  },
  "/v1/status-pages/incidents/{id}": {
    get: op({ id: "getIncident", summary: "Get an incident", tag: I, params: IdParams, ok: [200, Incident, "The incident"], errors: [404] }),
    put: op({ id: "updateIncident", summary: "Replace name, severity and services", tag: I, params: IdParams, body: UpdateIncidentInput, ok: [200, Incident, "The incident"], errors: [404] }),
    patch: op({ id: "patchIncident", summary: "Change any of name, severity and services", tag: I, params: IdParams, body: PatchIncidentInput, ok: [200, Incident, "The incident"], errors: [404] }),
    delete: op({ id: "deleteIncident", summary: "Delete an incident with all its updates", tag: I, params: IdParams, ok: [204, null, "Deleted"], errors: [404] }),
  },
  "/v1/status-pages/incidents/{id}/incident-updates": {
    get: op({ id: "listIncidentUpdates", summary: "The incident's updates, newest first (at most 100)", tag: I, params: IdParams, ok: [200, IncidentUpdateList, "Updates"], errors: [404] }),
    post: op({ id: "createIncidentUpdate", summary: "Post an update (answers 200, as the original API does)", tag: I, params: IdParams, body: IncidentUpdateInput, ok: [200, IncidentUpdate, "The update"], errors: [404] }),
  },
  "/v1/status-pages/incidents/{id}/incident-updates/{updateId}": {
    get: op({ id: "getIncidentUpdate", summary: "Get an update", tag: I, params: UpdateParams, ok: [200, IncidentUpdate, "The update"], errors: [404] }),
    put: op({ id: "editIncidentUpdate", summary: "Edit an update (never notifies again)", tag: I, params: UpdateParams, body: IncidentUpdateInput, ok: [200, IncidentUpdate, "The update"], errors: [404] }),
    delete: op({ id: "deleteIncidentUpdate", summary: "Delete an update (409 for an incident's only update)", tag: I, params: UpdateParams, ok: [204, null, "Deleted"], errors: [404, 409] }),
  },
  "/v1/incidents/{incidentId}/updates/{id}": {
    delete: op({ id: "deleteIncidentUpdateLegacy", summary: "Delete an update (older path)", tag: I, params: LegacyUpdateParams, ok: [204, null, "Deleted"], errors: [404, 409] }),
  },
  ...v3IncidentPaths,
  "/v1/maintenance-windows": {
    get: op({ id: "listMaintenanceWindows", summary: "List maintenance windows (page pagination, time filters)", tag: M, query: MaintenanceWindowQuery, ok: [200, MaintenanceWindowList, "Windows, latest start first"], errors: [] }),
    post: op({ id: "createMaintenanceWindow", summary: "Create a maintenance window", tag: M, body: CreateMaintenanceWindowInput, ok: [201, MaintenanceWindow, "The window"], errors: [402] }),
  },
  "/v1/maintenance-windows/{id}": {
    get: op({ id: "getMaintenanceWindow", summary: "Get a maintenance window", tag: M, params: WindowIdParams, ok: [200, MaintenanceWindow, "The window"], errors: [404] }),
    put: op({ id: "updateMaintenanceWindow", summary: "Change any window fields; omitted ones stay", tag: M, params: WindowIdParams, body: UpdateMaintenanceWindowInput, ok: [200, MaintenanceWindow, "The window"], errors: [404] }),
    delete: op({ id: "deleteMaintenanceWindow", summary: "Delete a maintenance window", tag: M, params: WindowIdParams, ok: [204, null, "Deleted"], errors: [404] }),
  },
  ...maintenanceOccurrencePaths,
  "/v1/accounts": {
    get: op({ id: "listAccounts", summary: "The key's account", tag: A, ok: [200, AccountList, "One account"], errors: [] }),
  },
  ...apiKeyPaths,
  ...auditLogPaths,
  "/v1/accounts/me/entitlements": {
    get: op({ id: "getEntitlements", summary: "What this server allows", tag: A, ok: [200, Entitlements, "Limits and features"], errors: [] }),
  },
  // The vendor's command-line client checks its key with these before every command.
  "/next/accounts": {
    get: op({ id: "listNextAccounts", summary: "The key's account, as the vendor's client lists accounts at login", tag: A, ok: [200, NextAccountList, "One account"], errors: [] }),
  },
  "/next/accounts/{accountId}": {
    get: op({ id: "getNextAccount", summary: "The key's account (any other id is 404)", tag: A, params: AccountIdParams, ok: [200, NextAccount, "The account"], errors: [404] }),
  },
  "/next/users/me": {
    get: op({ id: "getCurrentActor", summary: "Who is calling: the API key (Heliograph has no user logins)", tag: A, ok: [200, ApiKeyActor, "The key"], errors: [] }),
  },
  ...v3PagePaths,
  ...automationPaths,
  ...checkPaths(),
  ...integrationPaths,
  ...alertingPaths,
};

let cached: ReturnType<typeof createDocument> | undefined;

/** The OpenAPI 3.1 document of the management API, built once from the request and response schemas. */
export function openApiDocument() {
  cached ??= createDocument({
    openapi: "3.1.0",
    info: {
      title: "Heliograph management API",
      version: "1.0.0",
      description: "Status pages, services, incidents, maintenance windows, subscriptions and API keys, and the `/next` account calls of the vendor's command-line client. Errors are `{statusCode, error, message, attributes}`; 600 requests per 60 s per key.",
    },
    servers: [{ url: env.HELIOGRAPH_PUBLIC_URL }],
    security: [{ bearerAuth: [] }],
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "An API key (`hg_…`)" } },
      schemas: { Account },
      parameters: {},
    },
    paths,
  });
  return cached;
}
