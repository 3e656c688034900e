import type { ZodOpenApiPathsObject } from "zod-openapi";
import { Component, ComponentMutation, ComponentPage, ComponentParams } from "@/lib/components/schema";
import { CursorQuery } from "@/lib/http/pagination";
import { StatusPageIdParams, StatusPageV3, StatusPageV3Mutation, StatusPageV3Page } from "@/lib/status-pages/schema";
import { BulkSubscribersV3Input, BulkSubscribersV3Response, SubscriberParams, SubscribersV3Page, SubscribersV3Query } from "@/lib/subscriptions/schema";
import { op } from "./helpers";

const P = "Status pages (v3)";
const C = "Components (v3)";
const S = "Subscribers (v3)";
/** Every operation on one page answers this 400 for a page of the other API (v1 pages have cards, v3 pages components). */
const OTHER_KIND = " A v1 page's id is 400 (use /v1/status-pages/{id}).";

/**
 * The v3 status pages: a page with its own components (wire shapes from lib/status-pages, lib/components and
 * lib/subscriptions). Page keys and the page password are Heliograph's own operations under
 * /v1/status-pages/{id}/keys and /password, which serve v1 and v3 pages alike.
 */
export const v3PagePaths: ZodOpenApiPathsObject = {
  "/v3/status-pages": {
    get: op({ id: "listStatusPagesV3", summary: "List v3 status pages (v1 pages are listed by /v1/status-pages), oldest first", tag: P, query: CursorQuery, ok: [200, StatusPageV3Page, "A cursor page of v3 pages"], errors: [] }),
    post: op({
      id: "createStatusPageV3",
      summary: "Create a v3 status page (its structure is its components). Heliograph extension: isPrivate; keys and password via /v1/status-pages/{id}/keys and /password",
      tag: P,
      body: StatusPageV3Mutation,
      ok: [201, StatusPageV3, "The page"],
      errors: [402, 409],
    }),
  },
  "/v3/status-pages/{statusPageId}": {
    get: op({ id: "getStatusPageV3", summary: `Get a v3 status page.${OTHER_KIND}`, tag: P, params: StatusPageIdParams, ok: [200, StatusPageV3, "The page"], errors: [404] }),
    put: op({
      id: "updateStatusPageV3",
      summary: `Replace a v3 status page: omitted vendor fields are reset to their defaults; isPrivate, keys and password keep their value when omitted.${OTHER_KIND}`,
      tag: P,
      params: StatusPageIdParams,
      body: StatusPageV3Mutation,
      ok: [200, StatusPageV3, "The page"],
      errors: [404, 409],
    }),
    delete: op({ id: "deleteStatusPageV3", summary: `Delete a v3 status page with its components, incidents and subscribers.${OTHER_KIND}`, tag: P, params: StatusPageIdParams, ok: [204, null, "Deleted"], errors: [404] }),
  },
  "/v3/status-pages/{statusPageId}/components": {
    get: op({ id: "listComponentsV3", summary: `A page's components in display order.${OTHER_KIND}`, tag: C, params: StatusPageIdParams, query: CursorQuery, ok: [200, ComponentPage, "A cursor page of components"], errors: [404] }),
    post: op({
      id: "createComponentV3",
      summary: `Add a SERVICE or GROUP component (at most 1,000 per page); parentId must be a GROUP of this page, and a group has no parent.${OTHER_KIND}`,
      tag: C,
      params: StatusPageIdParams,
      body: ComponentMutation,
      ok: [201, Component, "The component"],
      errors: [402, 404],
    }),
  },
  "/v3/status-pages/{statusPageId}/components/{componentId}": {
    get: op({ id: "getComponentV3", summary: "Get a component", tag: C, params: ComponentParams, ok: [200, Component, "The component"], errors: [404] }),
    put: op({
      id: "updateComponentV3",
      summary: "Replace a component (omitted fields take their defaults); a GROUP with components in it cannot become a SERVICE",
      tag: C,
      params: ComponentParams,
      body: ComponentMutation,
      ok: [200, Component, "The component"],
      errors: [404],
    }),
    delete: op({ id: "deleteComponentV3", summary: "Delete a component; a group's components are detached (become top level), not deleted", tag: C, params: ComponentParams, ok: [204, null, "Deleted"], errors: [404] }),
  },
  "/v3/status-pages/{statusPageId}/subscribers": {
    get: op({
      id: "listSubscribersV3",
      summary: `A page's e-mail subscribers, newest first, optionally by status (subscribers who left are not listed).${OTHER_KIND}`,
      tag: S,
      params: StatusPageIdParams,
      query: SubscribersV3Query,
      ok: [200, SubscribersV3Page, "A cursor page of subscribers"],
      errors: [404],
    }),
  },
  "/v3/status-pages/{statusPageId}/subscribers/bulk": {
    post: op({
      id: "bulkCreateSubscribersV3",
      summary: `Add up to 100 e-mail subscribers, each optionally scoped to components of the page; duplicates are skipped; without autoVerify each gets a confirmation e-mail.${OTHER_KIND}`,
      tag: S,
      params: StatusPageIdParams,
      body: BulkSubscribersV3Input,
      ok: [201, BulkSubscribersV3Response, "What was created and skipped"],
      errors: [402, 404],
    }),
  },
  "/v3/status-pages/{statusPageId}/subscribers/{subscriberId}": {
    delete: op({ id: "deleteSubscriberV3", summary: "Remove an e-mail subscriber", tag: S, params: SubscriberParams, ok: [204, null, "Deleted"], errors: [404] }),
  },
};
