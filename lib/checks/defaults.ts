import type { AlertSettings } from "./types";
import type { RunCheckType } from "./schema";

/*
 * The vendor's defaults (checks-requests.json), filled in on create and when a sub-object (request, alertSettings …)
 * is replaced, so every stored definition is complete and a read never invents a value.
 */

export const DEFAULT_ALERT_SETTINGS: AlertSettings = {
  escalationType: "RUN_BASED",
  runBasedEscalation: { failedRunThreshold: 1 },
  timeBasedEscalation: { minutesFailingThreshold: 5 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
};

export const RESPONSE_TIMES: Record<RunCheckType, { degradedResponseTime: number; maxResponseTime: number }> = {
  API: { degradedResponseTime: 5000, maxResponseTime: 20000 },
  URL: { degradedResponseTime: 3000, maxResponseTime: 5000 },
  TCP: { degradedResponseTime: 3000, maxResponseTime: 5000 },
  DNS: { degradedResponseTime: 500, maxResponseTime: 1000 },
  ICMP: { degradedResponseTime: 10000, maxResponseTime: 20000 },
  HEARTBEAT: { degradedResponseTime: 10000, maxResponseTime: 20000 },
};

type Obj = Record<string, unknown>;

export function alertSettingsOf(input: Obj | null | undefined): AlertSettings {
  const i = input ?? {};
  const d = DEFAULT_ALERT_SETTINGS;
  return {
    escalationType: (i.escalationType as AlertSettings["escalationType"]) ?? d.escalationType,
    runBasedEscalation: { ...d.runBasedEscalation, ...(i.runBasedEscalation as Obj) },
    timeBasedEscalation: { ...d.timeBasedEscalation, ...(i.timeBasedEscalation as Obj) },
    reminders: { ...d.reminders, ...(i.reminders as Obj) },
    parallelRunFailureThreshold: { ...d.parallelRunFailureThreshold, ...(i.parallelRunFailureThreshold as Obj) },
    ...(i.sslCertificates ? { sslCertificates: i.sslCertificates } : {}),
  } as AlertSettings;
}

export function retryStrategyOf(input: Obj | null | undefined): Obj | null {
  if (!input) return null;
  const single = input.type === "SINGLE_RETRY";
  return {
    type: input.type,
    baseBackoffSeconds: input.baseBackoffSeconds ?? 60,
    maxRetries: single ? 1 : (input.maxRetries ?? 2),
    maxDurationSeconds: input.maxDurationSeconds ?? 600,
    sameRegion: input.sameRegion ?? true,
    onlyOn: input.onlyOn ?? [],
  };
}

const assertionsOf = (list: unknown) =>
  ((list as Obj[] | undefined) ?? []).map((a) => ({ source: a.source, comparison: a.comparison, property: a.property ?? "", target: a.target ?? "", regex: a.regex ?? null }));

/** A request object as the type's defaults complete it. */
export function requestOf(type: RunCheckType, r: Obj | null | undefined): Obj | null {
  if (type === "HEARTBEAT") return null;
  const req = r ?? {};
  const assertions = assertionsOf(req.assertions);
  switch (type) {
    case "API":
      return {
        method: req.method,
        url: req.url,
        followRedirects: req.followRedirects ?? true,
        skipSSL: req.skipSSL ?? false,
        ipFamily: req.ipFamily ?? "IPv4",
        body: req.body ?? "",
        bodyType: req.bodyType ?? "NONE",
        headers: ((req.headers as Obj[] | undefined) ?? []).map((h) => ({ key: h.key, value: h.value, locked: h.locked ?? false })),
        queryParameters: ((req.queryParameters as Obj[] | undefined) ?? []).map((h) => ({ key: h.key, value: h.value, locked: h.locked ?? false })),
        assertions,
        basicAuth: req.basicAuth ?? null,
      };
    case "URL":
      return { method: "GET", url: req.url, followRedirects: req.followRedirects ?? true, skipSSL: req.skipSSL ?? false, ipFamily: req.ipFamily ?? "IPv4", assertions };
    case "TCP":
      return { hostname: req.hostname, ...(req.url ? { url: req.url } : {}), port: req.port, data: req.data ?? null, body: req.body ?? null, ipFamily: req.ipFamily ?? "IPv4", assertions };
    case "DNS":
      return { query: req.query, recordType: req.recordType, nameServer: req.nameServer ?? null, port: req.port ?? null, protocol: req.protocol ?? "UDP", assertions };
    case "ICMP":
      return { hostname: req.hostname, ipFamily: req.ipFamily ?? "IPv4", pingCount: req.pingCount ?? 10, assertions };
  }
}

/** What the url column holds: what apiCheckUrlFilterPattern searches. */
export function urlOf(type: RunCheckType, request: Obj | null): string | null {
  if (!request) return null;
  return (type === "API" || type === "URL" ? (request.url as string) : type === "TCP" || type === "ICMP" ? (request.hostname as string) : (request.query as string)) ?? null;
}
