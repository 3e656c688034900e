import type { ZodOpenApiPathsObject } from "zod-openapi";
import { ApiKey, ApiKeyPage, CreateApiKeyInput, CreatedApiKey } from "@/lib/api-keys/schema";
import { CursorQuery } from "@/lib/http/pagination";
import { IdParams } from "@/lib/http/wire";
import { op } from "./helpers";

const K = "API keys";

/** The account's management API keys (wire shapes from lib/api-keys/schema.ts). */
export const apiKeyPaths: ZodOpenApiPathsObject = {
  "/v1/api-keys": {
    get: op({ id: "listApiKeys", summary: "The account's API keys (masked), revoked and expired ones included, oldest first", tag: K, query: CursorQuery, ok: [200, ApiKeyPage, "A cursor page of keys"], errors: [] }),
    post: op({ id: "createApiKey", summary: "Create an API key, optionally expiring; the raw key is in this answer only", tag: K, body: CreateApiKeyInput, ok: [201, CreatedApiKey, "The key, shown once"], errors: [402] }),
  },
  "/v1/api-keys/{id}": {
    get: op({ id: "getApiKey", summary: "Get an API key (masked)", tag: K, params: IdParams, ok: [200, ApiKey, "The key"], errors: [404] }),
    delete: op({ id: "revokeApiKey", summary: "Revoke an API key (the calling key may revoke itself); it fails from its next request on", tag: K, params: IdParams, ok: [204, null, "Revoked"], errors: [404] }),
  },
};
