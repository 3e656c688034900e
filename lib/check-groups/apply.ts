import { fromJson } from "@/lib/db/json";
import type { CheckGroup } from "@/lib/db/types";

type Wire = Record<string, unknown>;
type KeyValue = { key: string; value: unknown; locked?: boolean };

/** `{{GROUP_BASE_URL}}` in a check's request URL (and headers) reads the group's apiCheckDefaults.url. */
export const GROUP_BASE_URL = /\{\{\s*GROUP_BASE_URL\s*\}\}/g;

/** Group's entries first, the check's win on the same key. */
function mergeByKey<T extends { key: string }>(group: readonly T[] = [], own: readonly T[] = []): T[] {
  const keys = new Set(own.map((e) => e.key));
  return [...group.filter((e) => !keys.has(e.key)), ...own];
}

/**
 * A check's wire shape with its group's settings applied (V2 semantics, api-contract-checks.md §2): a group value that
 * is null (or "FALLBACK" for retries, or an empty location list) leaves the check's own; any other value applies to all
 * its checks. A deactivated or muted group deactivates or mutes its checks; apiCheckDefaults complete API checks.
 */
export function applyGroupToWire(check: Wire, group: CheckGroup, groupVariables: readonly KeyValue[]): Wire {
  const def = fromJson<Wire>(group.definition) ?? {};
  const out: Wire = { ...check };
  if (Number(group.activated) !== 1) out.activated = false;
  if (Number(group.muted) === 1) out.muted = true;
  const locations = fromJson<string[]>(group.locations) ?? [];
  if (locations.length > 0) out.locations = locations;
  const privateLocations = def.privateLocations as string[] | null | undefined;
  if (privateLocations && privateLocations.length > 0) out.privateLocations = privateLocations;
  for (const key of ["runtimeId", "runParallel", "useGlobalAlertSettings", "alertSettings"] as const) if (def[key] !== null && def[key] !== undefined) out[key] = def[key];
  if (def.retryStrategy !== "FALLBACK" && def.retryStrategy !== undefined) {
    out.retryStrategy = def.retryStrategy;
    if (typeof def.doubleCheck === "boolean") out.doubleCheck = def.doubleCheck;
  }
  if (check.checkType === "API" && check.request) {
    const defaults = (def.apiCheckDefaults ?? {}) as { url?: string | null; headers?: KeyValue[]; queryParameters?: KeyValue[]; assertions?: unknown[]; basicAuth?: unknown };
    const req = check.request as Wire & { url: string; headers?: KeyValue[]; queryParameters?: KeyValue[]; assertions?: unknown[]; basicAuth?: unknown };
    const base = defaults.url ?? "";
    out.request = {
      ...req,
      url: req.url.replace(GROUP_BASE_URL, base),
      headers: mergeByKey(defaults.headers, req.headers),
      queryParameters: mergeByKey(defaults.queryParameters, req.queryParameters),
      assertions: [...(defaults.assertions ?? []), ...(req.assertions ?? [])],
      basicAuth: req.basicAuth ?? defaults.basicAuth ?? null,
    };
  }
  out.environmentVariables = mergeByKey(groupVariables, (check.environmentVariables as KeyValue[] | undefined) ?? []);
  return out;
}
