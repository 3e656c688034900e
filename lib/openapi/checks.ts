import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { AutoAssignQuery, CHECK_TYPE_PATHS, CheckIdParams, CheckList, CheckOut, CheckPathParams, createBody, GetCheckQuery, ListChecksQuery, LocationOut, PageQuery, RuntimeOut, RuntimeParams, updateBody } from "@/lib/checks/schema";
import { CheckGroupInput, CheckGroupList, CheckGroupOut, GroupCheckParams, GroupIdParams, ListGroupsQuery } from "@/lib/check-groups/schema";
import { op } from "./helpers";

const C = "Checks";
const LIST =
  "Page/limit, oldest first; the total is in `Content-Range: first-last/total`. Array parameters (`tag`) may be sent as `tag=a`, `tag=a&tag=b` or `tag[]=a&tag[]=b`. Secret variable values are answered as null.";
const WRITE =
  "Fields left out take the vendor's defaults; frequencyOffset, when not sent, is assigned to spread runs. locations may name only the locations this server serves (GET /v1/locations); groupId and triggerIncident.serviceId must be the account's (400 naming the field).";

function reads(version: 1 | 2 | 3): ZodOpenApiPathsObject {
  return {
    [`/v${version}/checks`]: { get: op({ id: `listChecksV${version}`, summary: `List checks. ${LIST}`, tag: C, query: ListChecksQuery, ok: [200, CheckList, "A page of checks"], errors: [] }) },
    [`/v${version}/checks/{checkId}`]: {
      get: op({ id: `getCheckV${version}`, summary: "Get a check (applyGroupSettings: with its group's settings applied)", tag: C, params: CheckPathParams, query: GetCheckQuery, ok: [200, CheckOut, "The check"], errors: [404] }),
      ...(version === 1 ? { delete: op({ id: "deleteCheck", summary: "Delete a check with its results and statuses; an incident it opened is resolved", tag: C, params: CheckPathParams, ok: [204, null, "Deleted"], errors: [404] }) } : {}),
    },
  };
}

function writes(): ZodOpenApiPathsObject {
  const out: ZodOpenApiPathsObject = {};
  for (const [path, type] of Object.entries(CHECK_TYPE_PATHS)) {
    const noun = type === "HEARTBEAT" ? "heartbeat monitor (its answer carries heartbeat.pingUrl)" : `${type} check`;
    out[`/v1/checks/${path}`] = { post: op({ id: `create${type}Check`, summary: `Create a ${noun}. ${WRITE}`, tag: C, query: AutoAssignQuery, body: createBody(type), ok: [201, CheckOut, "The check"], errors: [402] }) };
    out[`/v1/checks/${path}/{id}`] = {
      put: op({ id: `update${type}Check`, summary: `Update a ${noun}: fields left out keep their values; an object sent (request, alertSettings …) replaces the stored one`, tag: C, params: CheckIdParams, query: AutoAssignQuery, body: updateBody(type), ok: [200, CheckOut, "The check"], errors: [402, 404] }),
    };
  }
  return out;
}

/** Checks of the six types Heliograph runs (api-contract-checks.md §1). */
export const checkPaths = (): ZodOpenApiPathsObject => ({ ...reads(1), ...writes(), ...reads(2), ...reads(3), ...checkGroupPaths, ...runtimePaths });

const G = "Check groups";
const GROUP_SETTINGS =
  "V2: null settings (and retryStrategy \"FALLBACK\", the default) leave each check its own; any other value applies to all its checks. apiCheckDefaults.url is what {{GROUP_BASE_URL}} reads in its API checks.";

const GROUP_CHECK = "One check of the group (id is the group's) with the group's settings applied; 404 when the check is not in this group";

/** Check groups (api-contract-checks.md §2): v1 reads and delete, v2 writes. */
export const checkGroupPaths: ZodOpenApiPathsObject = {
  "/v1/check-groups": { get: op({ id: "listCheckGroups", summary: `List check groups (tag: any of; name: exact, any of). ${LIST}`, tag: G, query: ListGroupsQuery, ok: [200, CheckGroupList, "A page of groups"], errors: [] }) },
  "/v1/check-groups/{id}": {
    get: op({ id: "getCheckGroup", summary: "Get a check group", tag: G, params: GroupIdParams, ok: [200, CheckGroupOut, "The group"], errors: [404] }),
    delete: op({ id: "deleteCheckGroup", summary: "Delete a check group (409 while it holds checks)", tag: G, params: GroupIdParams, ok: [204, null, "Deleted"], errors: [404, 409] }),
  },
  "/v1/check-groups/{id}/checks": { get: op({ id: "listCheckGroupChecksV1", summary: "The group's checks with its settings applied", tag: G, params: GroupIdParams, query: PageQuery, ok: [200, CheckList, "A page of checks"], errors: [404] }) },
  "/v1/check-groups/{id}/checks/{checkId}": { get: op({ id: "getCheckGroupCheckV1", summary: GROUP_CHECK, tag: G, params: GroupCheckParams, ok: [200, CheckOut, "The check, the group's settings applied"], errors: [404] }) },
  "/v2/check-groups": { post: op({ id: "createCheckGroupV2", summary: `Create a check group. ${GROUP_SETTINGS}`, tag: G, query: AutoAssignQuery, body: CheckGroupInput, ok: [201, CheckGroupOut, "The group"], errors: [402] }) },
  "/v2/check-groups/{id}": { put: op({ id: "updateCheckGroupV2", summary: `Replace a check group (fields left out take their defaults). ${GROUP_SETTINGS}`, tag: G, params: GroupIdParams, query: AutoAssignQuery, body: CheckGroupInput, ok: [200, CheckGroupOut, "The group"], errors: [402, 404] }) },
  "/v2/check-groups/{id}/checks": { get: op({ id: "listCheckGroupChecksV2", summary: "The group's checks with its settings applied", tag: G, params: GroupIdParams, query: PageQuery, ok: [200, CheckList, "A page of checks"], errors: [404] }) },
  "/v2/check-groups/{id}/checks/{checkId}": { get: op({ id: "getCheckGroupCheckV2", summary: GROUP_CHECK, tag: G, params: GroupCheckParams, ok: [200, CheckOut, "The check, the group's settings applied"], errors: [404] }) },
};

const R = "Runtimes and locations";
const runtimePaths: ZodOpenApiPathsObject = {
  "/v1/runtimes": { get: op({ id: "listRuntimes", summary: "The seven runtime names checks may carry; each says what runs here (nodeJsVersion is the runner's own, no packages)", tag: R, ok: [200, z.array(RuntimeOut), "Runtimes"], errors: [] }) },
  "/v1/runtimes/{id}": { get: op({ id: "getRuntime", summary: "One runtime by name (e.g. 2025.04)", tag: R, params: RuntimeParams, ok: [200, RuntimeOut, "The runtime"], errors: [404] }) },
  "/v1/locations": { get: op({ id: "listLocations", summary: "The public locations this installation serves (HELIOGRAPH_LOCATION); checks may name no other", tag: R, ok: [200, z.array(LocationOut), "Locations"], errors: [] }) },
};
