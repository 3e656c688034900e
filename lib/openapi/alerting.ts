import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { CheckIdParams, CheckResult, CheckResultPage, CheckResultParams, CheckResultsQuery, CheckStatus } from "@/lib/results/schema";
import { op } from "./helpers";

const R = "Check results";
const S = "Check statuses";

/** Check results and statuses (contract §3, §4), heartbeats and the account's alert settings. */
export const alertingPaths: ZodOpenApiPathsObject = {
  "/v2/check-results/{checkId}": {
    get: op({
      id: "listCheckResultsV2",
      summary: "The check's results, newest first by start (FINAL unless resultType says otherwise); `fields` projects each entry. Raw results are kept HELIOGRAPH_RESULTS_RETENTION_DAYS (30) days",
      tag: R,
      params: CheckIdParams,
      query: CheckResultsQuery,
      ok: [200, CheckResultPage, "A cursor page of results"],
      errors: [404],
    }),
  },
  "/v1/check-results/{checkId}/{checkResultId}": {
    get: op({ id: "getCheckResult", summary: "One result of the check", tag: R, params: CheckResultParams, ok: [200, CheckResult, "The result"], errors: [404] }),
  },
  "/v1/check-statuses": {
    get: op({ id: "listCheckStatuses", summary: "The latest status of every check of the account (no paging); a check that never ran shows passing with empty runs", tag: S, ok: [200, z.array(CheckStatus), "Statuses"], errors: [] }),
  },
  "/v1/check-statuses/{checkId}": {
    get: op({ id: "getCheckStatus", summary: "The latest status of one check", tag: S, params: CheckIdParams, ok: [200, CheckStatus, "The status"], errors: [404] }),
  },
};
