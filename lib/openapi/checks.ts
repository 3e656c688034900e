import type { ZodOpenApiPathsObject } from "zod-openapi";
import { AutoAssignQuery, CHECK_TYPE_PATHS, CheckIdParams, CheckList, CheckOut, CheckPathParams, createBody, GetCheckQuery, ListChecksQuery, updateBody } from "@/lib/checks/schema";
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
export const checkPaths: ZodOpenApiPathsObject = { ...reads(1), ...writes(), ...reads(2), ...reads(3) };
