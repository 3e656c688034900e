import { z } from "zod";
import { PUBLIC_LOCATIONS } from "@/lib/locations";
import { IdParams, text, Uuid } from "@/lib/http/wire";
import { CheckParams } from "@/lib/automation/schema";
import { FREQUENCIES } from "./frequency";
import { ALL_CHECK_TYPES } from "./types";

/*
 * The vendor's check bodies (checks-requests.json `Check*CreateRequest`), one shape per type: create requires what the
 * vendor requires, update (PUT) is the same shape with every field optional and merges over what is stored. Defaults
 * are filled by the verb on create (lib/checks/defaults.ts), so an update never resets a field it did not send.
 */

export const RUNTIME_IDS = ["2026.04", "2025.04", "2024.09", "2024.02", "2023.09", "2023.02", "2022.10"] as const;
export const CHECK_TYPE_PATHS = { api: "API", url: "URL", tcp: "TCP", dns: "DNS", icmp: "ICMP", heartbeat: "HEARTBEAT" } as const;
export type CheckTypePath = keyof typeof CHECK_TYPE_PATHS;
export type RunCheckType = (typeof CHECK_TYPE_PATHS)[CheckTypePath];

const Name = text().trim().min(1, "must not be empty").max(255);
const Tag = text().trim().min(1, "must not be empty").max(255);
const Str = text();
const KeyValue = z.strictObject({ key: text().min(1, "must not be empty").max(1024), value: text().max(10_000), locked: z.boolean().optional() });
const Target = z.union([text().max(10_000), z.number()]).transform(String);

function assertion<S extends readonly [string, ...string[]], C extends readonly [string, ...string[]]>(sources: S, comparisons: C) {
  return z.strictObject({
    source: z.enum(sources),
    comparison: z.enum(comparisons),
    property: text().max(1024).nullable().optional(),
    target: Target.nullable().optional(),
    regex: text().max(1024).nullable().optional(),
    order: z.number().int().optional(),
  });
}

const ALL_COMPARISONS = ["EQUALS", "NOT_EQUALS", "HAS_KEY", "NOT_HAS_KEY", "HAS_VALUE", "NOT_HAS_VALUE", "IS_EMPTY", "NOT_EMPTY", "GREATER_THAN", "LESS_THAN", "CONTAINS", "NOT_CONTAINS", "IS_NULL", "NOT_NULL"] as const;
export const ApiAssertion = assertion(["STATUS_CODE", "JSON_BODY", "HEADERS", "TEXT_BODY", "RESPONSE_TIME"], ALL_COMPARISONS);
const UrlAssertion = assertion(["STATUS_CODE"], ["EQUALS", "NOT_EQUALS", "LESS_THAN", "GREATER_THAN"]);
const TcpAssertion = assertion(["RESPONSE_DATA", "RESPONSE_TIME"], ["EQUALS", "NOT_EQUALS", "IS_EMPTY", "NOT_EMPTY", "LESS_THAN", "GREATER_THAN", "CONTAINS", "NOT_CONTAINS"]);
const DnsAssertion = assertion(["RESPONSE_TIME", "RESPONSE_CODE", "TEXT_ANSWER", "JSON_ANSWER"], ALL_COMPARISONS);
const IcmpAssertion = assertion(["LATENCY", "JSON_RESPONSE"], ["EQUALS", "NOT_EQUALS", "IS_EMPTY", "NOT_EMPTY", "GREATER_THAN", "LESS_THAN", "CONTAINS", "NOT_CONTAINS", "IS_NULL", "NOT_NULL"]);

const IpFamily = z.enum(["IPv4", "IPv6"]);
const Url = text().min(1, "must not be empty").max(2048);
export const BasicAuth = z.strictObject({ username: text().max(1024), password: text().max(1024) });

export const ApiRequest = z.strictObject({
  method: z.enum(["GET", "POST", "PUT", "HEAD", "DELETE", "PATCH"]),
  url: Url,
  followRedirects: z.boolean().optional(),
  skipSSL: z.boolean().optional(),
  ipFamily: IpFamily.optional(),
  body: text().max(100_000).optional(),
  bodyType: z.enum(["JSON", "FORM", "RAW", "GRAPHQL", "NONE"]).optional(),
  headers: z.array(KeyValue).max(100).optional(),
  queryParameters: z.array(KeyValue).max(100).optional(),
  assertions: z.array(ApiAssertion).max(100).optional(),
  basicAuth: BasicAuth.nullable().optional(),
});
const UrlRequest = z.strictObject({
  method: z.literal("GET").optional(),
  url: Url,
  followRedirects: z.boolean().optional(),
  skipSSL: z.boolean().optional(),
  ipFamily: IpFamily.optional(),
  assertions: z.array(UrlAssertion).max(100).optional(),
});
const Port = z.number().int().min(1, "must be a port, 1-65535").max(65535, "must be a port, 1-65535");
const TcpRequest = z.strictObject({
  hostname: Url,
  url: Url.optional(),
  port: Port,
  data: text().min(1).max(100_000).nullable().optional(),
  body: text().min(1).max(100_000).nullable().optional(),
  ipFamily: IpFamily.optional(),
  assertions: z.array(TcpAssertion).max(100).optional(),
});
const DnsRequest = z.strictObject({
  query: text().min(1, "must not be empty").max(100),
  nameServer: text().max(100).nullable().optional(),
  port: Port.nullable().optional(),
  recordType: z.enum(["A", "AAAA", "CNAME", "MX", "TXT", "SOA", "NS", "HTTPS"]),
  protocol: z.enum(["TCP", "UDP"]).optional(),
  assertions: z.array(DnsAssertion).max(100).optional(),
});
const IcmpRequest = z.strictObject({
  hostname: Url,
  ipFamily: IpFamily.nullable().optional(),
  pingCount: z.number().int().min(1).max(50).nullable().optional(),
  assertions: z.array(IcmpAssertion).max(100).optional(),
});
const TimeUnit = z.enum(["seconds", "minutes", "hours", "days"]);
export const HeartbeatInput = z.strictObject({
  period: z.number().positive(),
  periodUnit: TimeUnit,
  grace: z.number().min(0),
  graceUnit: TimeUnit,
  /** the token is Heliograph's to make; one sent is ignored */
  pingToken: text().nullable().optional(),
  pingUrl: text().optional(),
});

export const AlertSettingsInput = z.strictObject({
  escalationType: z.enum(["RUN_BASED", "TIME_BASED"]).optional(),
  runBasedEscalation: z.strictObject({ failedRunThreshold: z.number().int().min(1).max(5).optional() }).optional(),
  timeBasedEscalation: z.strictObject({ minutesFailingThreshold: z.union([z.literal(5), z.literal(10), z.literal(15), z.literal(30)]).optional() }).optional(),
  reminders: z
    .strictObject({
      amount: z.union([0, 1, 2, 3, 4, 5, 100000].map((n) => z.literal(n)) as [z.ZodLiteral<number>, z.ZodLiteral<number>]).optional(),
      interval: z.union([1, 2, 3, 4, 5, 10, 15, 30].map((n) => z.literal(n)) as [z.ZodLiteral<number>, z.ZodLiteral<number>]).optional(),
    })
    .optional(),
  parallelRunFailureThreshold: z.strictObject({ enabled: z.boolean().optional(), percentage: z.number().int().min(10).max(100).multipleOf(10).optional() }).optional(),
  sslCertificates: z.strictObject({ enabled: z.boolean().optional(), alertThreshold: z.number().int().optional() }).optional(),
});

export const RetryStrategyInput = z.strictObject({
  type: z.enum(["FIXED", "LINEAR", "EXPONENTIAL", "SINGLE_RETRY"]),
  baseBackoffSeconds: z.number().int().min(0).max(600).optional(),
  maxRetries: z.number().int().min(1).max(10).optional(),
  maxDurationSeconds: z.number().int().min(0).max(600).optional(),
  sameRegion: z.boolean().optional(),
  // The CLI's deploy payloads send a single string; the public API an array.
  onlyOn: z.union([z.literal("NETWORK_ERROR").transform((s) => [s]), z.array(z.literal("NETWORK_ERROR")).max(1)]).nullable().optional(),
});

export const TriggerIncidentInput = z.strictObject({
  serviceId: Uuid,
  severity: z.enum(["CRITICAL", "MAJOR", "MEDIUM", "MINOR"]),
  name: text().trim().min(1, "must not be empty").max(255),
  description: text().trim().min(1, "must not be empty").max(10_000),
  notifySubscribers: z.boolean(),
});

export const VariableInput = z.strictObject({
  key: text().min(1, "must not be empty").max(255).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be letters, digits and _, not starting with a digit"),
  value: text().max(10_000).nullable(),
  locked: z.boolean().optional(),
  secret: z.boolean().optional(),
});
export const Variables = z
  .array(VariableInput)
  .max(100)
  .refine((vs) => new Set(vs.map((v) => v.key)).size === vs.length, "names a key twice")
  .nullable();

const Intent = z.strictObject({
  goal: text().min(1).max(2000),
  requiredOutcomes: z.array(text().min(1).max(1000)).max(20).optional(),
  mustPreserve: z.array(text().min(1).max(1000)).max(20).optional(),
});

const Frequency = z
  .number()
  .int()
  .refine((n) => (FREQUENCIES as readonly number[]).includes(n), `must be one of ${FREQUENCIES.join(", ")} (minutes)`);

/** Every type's common fields (§1.2); the generic leftovers the vendor's schemas carry are accepted and ignored. */
const common = {
  name: Name,
  activated: z.boolean(),
  muted: z.boolean(),
  doubleCheck: z.boolean(),
  shouldFail: z.boolean(),
  locations: z.array(z.enum(PUBLIC_LOCATIONS)).max(PUBLIC_LOCATIONS.length).nullable(),
  privateLocations: z.array(text().min(1).max(255)).max(100).nullable(),
  tags: z.array(Tag).max(100),
  alertSettings: AlertSettingsInput.nullable(),
  useGlobalAlertSettings: z.boolean(),
  // Both columns are 32-bit integers on PostgreSQL: a larger number is a 400 here, never the store's error.
  groupId: z.number().int().positive().max(2_147_483_647).nullable(),
  groupOrder: z.number().int().min(0).max(2_147_483_647).nullable(),
  runtimeId: z.enum(RUNTIME_IDS).nullable(),
  alertChannelSubscriptions: z.array(z.strictObject({ alertChannelId: z.number().int(), activated: z.boolean() })).max(100),
  retryStrategy: RetryStrategyInput.nullable(),
  triggerIncident: TriggerIncidentInput.nullable(),
  runParallel: z.boolean(),
  description: text().max(500).nullable(),
  intent: Intent.nullable(),
  aiAutoRepairEnabled: z.boolean().nullable(),
  frequency: Frequency,
  frequencyOffset: z.number().int().min(1),
  environmentVariables: Variables,
  setupSnippetId: z.number().int().nullable(),
  tearDownSnippetId: z.number().int().nullable(),
  localSetupScript: Str.max(100_000).nullable(),
  localTearDownScript: Str.max(100_000).nullable(),
  heartbeat: z.record(z.string(), z.unknown()).nullable(),
  script: Str.nullable(),
  scriptPath: Str.nullable(),
  sslCheckDomain: Str.nullable(),
};

const ms = (max: number) => z.number().min(0).max(max).nullable();
const PacketLoss = z.number().gt(0).max(100).nullable();

function typed<T extends RunCheckType, R extends z.ZodType, X extends z.ZodRawShape>(type: T, request: R, extra: X) {
  const fields = { ...common, checkType: z.literal(type), request, ...extra };
  const all = z.strictObject(fields).partial();
  const create = all.required({ name: true, ...(type === "HEARTBEAT" ? { heartbeat: true } : { request: true }) } as { name: true });
  return { create: create.meta({ id: `Check${type[0]}${type.slice(1).toLowerCase()}CreateRequest` }), update: all.meta({ id: `Check${type[0]}${type.slice(1).toLowerCase()}UpdateRequest` }) };
}

export const CHECK_BODIES = {
  API: typed("API", ApiRequest, { degradedResponseTime: ms(45_000), maxResponseTime: ms(45_000) }),
  URL: typed("URL", UrlRequest, { degradedResponseTime: ms(45_000), maxResponseTime: ms(45_000) }),
  TCP: typed("TCP", TcpRequest, { degradedResponseTime: ms(45_000), maxResponseTime: ms(45_000) }),
  DNS: typed("DNS", DnsRequest, { degradedResponseTime: ms(5_000), maxResponseTime: ms(5_000) }),
  ICMP: typed("ICMP", IcmpRequest, { degradedResponseTime: ms(300_000), maxResponseTime: ms(300_000), degradedPacketLossThreshold: PacketLoss, maxPacketLossThreshold: PacketLoss }),
  HEARTBEAT: {
    ...typed("HEARTBEAT", z.record(z.string(), z.unknown()).nullable(), { degradedResponseTime: ms(300_000), maxResponseTime: ms(300_000) }),
  },
};

/** The heartbeat body's `heartbeat` is the real one (the other types carry an ignored leftover of that name). */
export const HeartbeatCreate = CHECK_BODIES.HEARTBEAT.create.extend({ heartbeat: HeartbeatInput }).meta({ id: "CheckHeartbeatCreateRequest" });
export const HeartbeatUpdate = CHECK_BODIES.HEARTBEAT.update.extend({ heartbeat: HeartbeatInput.optional() }).meta({ id: "CheckHeartbeatUpdateRequest" });

export function createBody(type: RunCheckType) {
  return type === "HEARTBEAT" ? HeartbeatCreate : CHECK_BODIES[type].create;
}
export function updateBody(type: RunCheckType) {
  return type === "HEARTBEAT" ? HeartbeatUpdate : CHECK_BODIES[type].update;
}
export type CheckInput = z.output<ReturnType<typeof updateBody>> & Record<string, unknown>;

export const AutoAssignQuery = z.object({ autoAssignAlerts: z.enum(["true", "false"]).optional().meta({ description: "Accepted; alert channels arrive with the next release" }) });

/** A value the query string may repeat: `k=a`, `k=a&k=b` and `k[]=a&k[]=b` all arrive as an array. */
const Many = <T extends z.ZodType>(item: T) => z.union([item.transform((v) => [v] as z.output<T>[]), z.array(item)]);
const Bool = z.enum(["true", "false"]).transform((s) => s === "true");
const PageLimit = z.string().regex(/^\d{1,6}$/, "must be an integer").transform(Number).pipe(z.number().int().min(1, "must be between 1 and 100").max(100, "must be between 1 and 100"));
const PageNumber = z.string().regex(/^\d{1,9}$/, "must be an integer").transform(Number).pipe(z.number().int().min(1, "must be at least 1"));

export const ListChecksQuery = z.object({
  limit: PageLimit.optional(),
  page: PageNumber.optional(),
  tag: Many(Tag).optional(),
  checkType: z.enum(ALL_CHECK_TYPES).optional(),
  search: text().max(255).optional(),
  status: z.enum(["passing", "failing", "degraded"]).optional(),
  apiCheckUrlFilterPattern: text().min(1).max(2048).optional(),
  applyGroupSettings: Bool.optional(),
});
export type ListChecksFilter = z.output<typeof ListChecksQuery>;

export const GetCheckQuery = z.object({ includeDependencies: Bool.optional(), applyGroupSettings: Bool.optional() });
export const CheckIdParams = z.object({ id: Uuid });
export const CheckPathParams = z.object({ checkId: Uuid });
/** An outside tool's check (its own id, as lib/automation's CheckParams) under one of the account's integrations. */
export const IntegrationCheckParams = IdParams.extend(CheckParams.shape);
export const PageQuery = z.object({ limit: PageLimit.optional(), page: PageNumber.optional() });

/** The query string as an object, repeated keys and `k[]` keys gathered into arrays (§0.1). */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [rawKey, value] of url.searchParams) {
    const key = rawKey.endsWith("[]") ? rawKey.slice(0, -2) : rawKey;
    const prev = out[key];
    out[key] = prev === undefined ? (rawKey.endsWith("[]") ? [value] : value) : [...(Array.isArray(prev) ? prev : [prev]), value];
  }
  return out;
}

/** For /openapi.json: the read shapes are the vendor's (checks-responses.json); fields are described, not closed. */
export const CheckOut = z
  .looseObject({
    id: z.string(),
    name: z.string(),
    checkType: z.enum(ALL_CHECK_TYPES),
    activated: z.boolean(),
    frequency: z.number(),
    frequencyOffset: z.number(),
    tags: z.array(z.string()),
    created_at: z.string(),
    updated_at: z.string().nullable(),
  })
  .meta({ id: "Check", description: "The vendor's Check (checks-responses.json); secret variable values are null" });
export const CheckList = z.array(CheckOut).meta({ id: "ChecksList" });

export const RuntimeOut = z
  .strictObject({
    name: z.string(),
    multiStepSupport: z.boolean(),
    nodeJsVersion: z.string(),
    dependencies: z.record(z.string(), z.string()),
    stage: z.enum(["CURRENT", "STABLE", "DEPRECATED"]),
    runtimeEndOfLife: z.string().optional(),
    description: z.string(),
  })
  .meta({ id: "Runtime" });
export const RuntimeParams = z.object({ id: text().min(1).max(64) });
export const LocationOut = z.strictObject({ region: z.string(), name: z.string() }).meta({ id: "Location" });
