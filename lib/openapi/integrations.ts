import type { ZodOpenApiPathsObject } from "zod-openapi";
import { CursorQuery } from "@/lib/http/pagination";
import { IdParams } from "@/lib/http/wire";
import { CreatedIntegration, CreateIntegrationInput, Integration, IntegrationEventPage, IntegrationPage } from "@/lib/integrations/schema";
import { op } from "./helpers";

const T = "Integrations";

/** Alert integrations (lib/integrations/schema.ts). Their ingest endpoint, POST /ingest/{id}, is in docs/automation.md. */
export const integrationPaths: ZodOpenApiPathsObject = {
  "/v1/integrations": {
    get: op({ id: "listIntegrations", summary: "The account's alert integrations (tokens masked), oldest first", tag: T, query: CursorQuery, ok: [200, IntegrationPage, "A cursor page of integrations"], errors: [] }),
    post: op({
      id: "createIntegration",
      summary:
        "Create an alert integration; its ingest token (and the vendor's signing secret) is in this answer only. With defaultComponents (SERVICE components of statusPageId, a v3 page; 400 naming defaultComponents.N.componentId otherwise) alerts no automation rule or check trigger matches open one incident there, under every rule of a rule (docs/automation.md)",
      tag: T,
      body: CreateIntegrationInput,
      ok: [201, CreatedIntegration, "The integration, with its token shown once"],
      errors: [402, 404],
    }),
  },
  "/v1/integrations/{id}": {
    get: op({ id: "getIntegration", summary: "Get an integration (token masked), with whether it is stale", tag: T, params: IdParams, ok: [200, Integration, "The integration"], errors: [404] }),
    delete: op({ id: "deleteIntegration", summary: "Delete an integration, its events and its default target (an incident it opened stays); its token stops working", tag: T, params: IdParams, ok: [204, null, "Deleted"], errors: [404] }),
  },
  "/v1/integrations/{id}/rotate-token": {
    post: op({ id: "rotateIntegrationToken", summary: "Issue a new ingest token (and signing secret), shown once; the old one stops working", tag: T, params: IdParams, ok: [200, CreatedIntegration, "The integration with its new token"], errors: [404] }),
  },
  "/v1/integrations/{id}/events": {
    get: op({ id: "listIntegrationEvents", summary: "The integration's recent events, newest first, with the decision taken on each", tag: T, params: IdParams, query: CursorQuery, ok: [200, IntegrationEventPage, "A cursor page of events"], errors: [404] }),
  },
};
