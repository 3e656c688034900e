import type { ZodOpenApiPathsObject } from "zod-openapi";
import { IdParams } from "@/lib/http/wire";
import { CustomDomainVerification, StatusPageIdParams } from "@/lib/status-pages/schema";
import { op } from "./helpers";

const P = "Status pages";
const P3 = "Status pages (v3)";
const GET = "The TXT record that proves control of the page's custom domain, and whether the domain is served yet (404 when the page has none).";
const RECHECK =
  "Reads the domain's TXT record now: when it holds the page's token the domain is served from then on (409 when another page proved it first); when not, 422 with the record to create. With HELIOGRAPH_CUSTOM_DOMAIN_VERIFICATION off, domains are served as set and this only confirms it.";

/** Custom-domain verification: the vendor's v3 operations, and the same for v1 and v3 pages under /v1 (as page keys are). */
export const customDomainPaths: ZodOpenApiPathsObject = {
  "/v1/status-pages/{id}/custom-domain-verifications": {
    get: op({ id: "getCustomDomainVerification", summary: `${GET} Serves v1 and v3 pages.`, tag: P, params: IdParams, ok: [200, CustomDomainVerification, "The verification"], errors: [404] }),
  },
  "/v1/status-pages/{id}/custom-domain-verifications/recheck": {
    post: op({ id: "recheckCustomDomainVerification", summary: `${RECHECK} Serves v1 and v3 pages.`, tag: P, params: IdParams, ok: [200, CustomDomainVerification, "The verification"], errors: [404, 409, 422] }),
  },
  "/v3/status-pages/{statusPageId}/custom-domain-verifications": {
    get: op({ id: "getCustomDomainVerificationV3", summary: `${GET} A v1 page's id is 400.`, tag: P3, params: StatusPageIdParams, ok: [200, CustomDomainVerification, "The verification"], errors: [404] }),
  },
  "/v3/status-pages/{statusPageId}/custom-domain-verifications/recheck": {
    post: op({ id: "recheckCustomDomainVerificationV3", summary: `${RECHECK} A v1 page's id is 400.`, tag: P3, params: StatusPageIdParams, ok: [200, CustomDomainVerification, "The verification"], errors: [404, 409, 422] }),
  },
};
