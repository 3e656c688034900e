import { z } from "zod";
import type { ZodOpenApiOperationObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { ErrorEnvelope } from "@/lib/http/wire";

const RATE_HEADERS = z.object({
  "X-RateLimit-Limit": z.string().meta({ description: "Requests allowed per window" }),
  "X-RateLimit-Remaining": z.string().meta({ description: "Requests left in this window" }),
  "X-RateLimit-Reset": z.string().meta({ description: "Epoch seconds at which the window resets" }),
  "X-Request-Id": z.string().meta({ description: "Quote it when reporting a problem" }),
});

const REASONS: Record<number, string> = {
  400: "Invalid input: malformed JSON, an unknown or invalid field (paths in `attributes.fields`), a malformed id or an out-of-range limit",
  401: "Missing, unknown, revoked or malformed API key (`Bad Token`)",
  402: "Payment Required: a limit of this server's plan is reached (`attributes.entitlement`, `quantity`, `usage`; see GET /v1/accounts/me/entitlements)",
  403: "The account header names another account",
  404: "Not found, or owned by another account",
  409: "Conflict with the current state (a taken slug or domain, a service in use, the last update of an incident)",
  413: "Request body over 1 MB",
  415: "Content-Type is not application/json",
  422: "The custom domain's TXT record does not hold the page's token (yet): `attributes.ownershipVerification` is the record to create",
  429: "Rate limit reached (requests per key, or an account's confirmation e-mails per hour); see Retry-After and `attributes.retryAfterSeconds`",
};

function errors(codes: number[]): ZodOpenApiResponsesObject {
  const out: ZodOpenApiResponsesObject = {};
  for (const code of [401, 403, 429, ...codes]) {
    out[`${code}` as "400"] = {
      description: REASONS[code],
      headers: code === 429 ? RATE_HEADERS.extend({ "Retry-After": z.string().meta({ description: "Seconds to wait" }) }) : RATE_HEADERS,
      content: { "application/json": { schema: ErrorEnvelope } },
    };
  }
  return out;
}

interface OpSpec {
  id: string;
  summary: string;
  tag: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  bodyOptional?: boolean;
  /** success status and schema (none for 204) */
  ok: [number, z.ZodType | null, string];
  errors: number[];
}

/** One operation: request schemas are the ones the handler parses with, responses the ones serializers produce. */
export function op(s: OpSpec): ZodOpenApiOperationObject {
  const [status, schema, description] = s.ok;
  const bodyErrors = s.body ? [400, 413, 415] : [];
  const codes = [...new Set([...(s.params || s.query ? [400] : []), ...bodyErrors, ...s.errors])].sort();
  return {
    operationId: s.id,
    summary: s.summary,
    tags: [s.tag],
    ...(s.params || s.query ? { requestParams: { ...(s.params ? { path: s.params } : {}), ...(s.query ? { query: s.query } : {}) } } : {}),
    ...(s.body ? { requestBody: { required: !s.bodyOptional, content: { "application/json": { schema: s.body } } } } : {}),
    responses: {
      [`${status}`]: { description, headers: RATE_HEADERS, ...(schema ? { content: { "application/json": { schema } } } : {}) },
      ...errors(codes),
    },
  };
}
