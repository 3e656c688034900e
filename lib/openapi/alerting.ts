import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { CheckIdParams, CheckResult, CheckResultPage, CheckResultParams, CheckResultsQuery, CheckResultsV1Query, CheckResultV1List, CheckStatus } from "@/lib/results/schema";
import { HeartbeatAvailability, HeartbeatAvailabilityQuery, HeartbeatEvent, HeartbeatEventParams, HeartbeatEventsList, HeartbeatEventsQuery, HeartbeatParams } from "@/lib/heartbeats/schema";
import { AlertSettingsInput } from "@/lib/checks/schema";
import { Account } from "@/lib/accounts/schema";
import { op } from "./helpers";

const R = "Check results";
const S = "Check statuses";
const H = "Heartbeats";
const A = "Accounts";
const AlertSettingsOut = AlertSettingsInput.required().meta({ id: "AccountAlertSettings" });
const MACHINE =
  "A ping is expected within `period` of the window's start (the last ping, the last miss, or the check's last edit); past it the grace starts (GRACE), past the grace the window is missed (FAILING, a failing result) and the next starts. A ping inside the grace is LATE, one sooner than half a period after the previous EARLY, any other RECEIVED.";

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
  "/v1/check-results/{checkId}": {
    get: op({
      id: "listCheckResultsV1",
      summary: "Deprecated (use /v2/check-results): a page of the check's results, newest first, in a window of at most 6 hours (default the last 6); the total is in Content-Range",
      tag: R,
      params: CheckIdParams,
      query: CheckResultsV1Query,
      ok: [200, CheckResultV1List, "Results"],
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
  "/v1/checks/heartbeats/{checkId}/events": {
    get: op({ id: "listHeartbeatEvents", summary: `The heartbeat's events in [startTime, endTime) (default: the last 24 hours), newest first, with availability stats. ${MACHINE}`, tag: H, params: HeartbeatParams, query: HeartbeatEventsQuery, ok: [200, HeartbeatEventsList, "One entry: events and stats"], errors: [404] }),
  },
  "/v1/checks/heartbeats/{checkId}/events/{id}": {
    get: op({ id: "getHeartbeatEvent", summary: "One event of the heartbeat, with availability stats", tag: H, params: HeartbeatEventParams, ok: [200, HeartbeatEvent, "The event"], errors: [404] }),
  },
  "/v1/checks/heartbeats/{checkId}/availability": {
    get: op({ id: "getHeartbeatAvailability", summary: "Pings per expected window (pings + missed windows), in percent, in [startTime, endTime) and the as-long period before it", tag: H, params: HeartbeatParams, query: HeartbeatAvailabilityQuery, ok: [200, HeartbeatAvailability, "Availability"], errors: [404] }),
  },
  "/v1/accounts/me": {
    get: op({ id: "getAccountMe", summary: "The key's account, with its default alert settings (alertSettings)", tag: A, ok: [200, Account, "The account"], errors: [] }),
  },
  "/v1/accounts/me/alert-settings": {
    get: op({ id: "getAccountAlertSettings", summary: "Heliograph extension: the account's default alert settings, which checks with useGlobalAlertSettings follow", tag: A, ok: [200, AlertSettingsOut, "The settings"], errors: [] }),
    put: op({
      id: "putAccountAlertSettings",
      summary: "Heliograph extension: replace the account's default alert settings (omitted fields take the vendor's defaults); checks with useGlobalAlertSettings follow them from their next result",
      tag: A,
      body: AlertSettingsInput,
      ok: [200, AlertSettingsOut, "The settings"],
      errors: [],
    }),
  },
};
