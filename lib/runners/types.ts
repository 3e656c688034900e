/**
 * What a check runner takes and gives back. Input is the effective check in the vendor's wire shape (camelCase, group
 * settings applied, variables substituted by the caller); output is one run, shaped like a CheckResult's fields.
 */
import type { LookupAddress } from "node:dns";

export type IpFamily = "IPv4" | "IPv6";

export type AssertionSource =
  | "STATUS_CODE" | "JSON_BODY" | "HEADERS" | "TEXT_BODY" | "RESPONSE_TIME"
  | "RESPONSE_DATA" | "RESPONSE_CODE" | "TEXT_ANSWER" | "JSON_ANSWER" | "LATENCY" | "JSON_RESPONSE";

export type AssertionComparison =
  | "EQUALS" | "NOT_EQUALS" | "HAS_KEY" | "NOT_HAS_KEY" | "HAS_VALUE" | "NOT_HAS_VALUE" | "IS_EMPTY" | "NOT_EMPTY"
  | "GREATER_THAN" | "LESS_THAN" | "CONTAINS" | "NOT_CONTAINS" | "IS_NULL" | "NOT_NULL";

/** §1.5: none of the five fields is required on the wire; missing ones read as "" (regex: null). */
export interface Assertion {
  source: AssertionSource;
  comparison: AssertionComparison;
  property?: string | null;
  target?: string | number | null;
  regex?: string | null;
}

/** One assertion as evaluated: the definition, what was found, and why it failed (absent when it passed). */
export interface AssertionOutcome {
  source: AssertionSource;
  property: string;
  comparison: AssertionComparison;
  target: string;
  regex: string | null;
  actual: unknown;
  error?: string;
}

export interface KeyValue {
  key: string;
  value: string;
  locked?: boolean;
}

export interface ApiRequest {
  method: "GET" | "POST" | "PUT" | "HEAD" | "DELETE" | "PATCH";
  url: string;
  followRedirects?: boolean;
  skipSSL?: boolean;
  ipFamily?: IpFamily | null;
  body?: string | null;
  bodyType?: "JSON" | "FORM" | "RAW" | "GRAPHQL" | "NONE";
  headers?: KeyValue[];
  queryParameters?: KeyValue[];
  assertions?: Assertion[];
  basicAuth?: { username: string; password: string } | null;
}

export interface UrlRequest {
  method?: "GET";
  url: string;
  followRedirects?: boolean;
  skipSSL?: boolean;
  ipFamily?: IpFamily | null;
  assertions?: Assertion[];
}

export interface TcpRequest {
  hostname: string;
  port: number;
  /** sent once connected; `body` is read when `data` is absent (both exist on the wire) */
  data?: string | null;
  body?: string | null;
  url?: string;
  ipFamily?: IpFamily | null;
  assertions?: Assertion[];
}

export type DnsRecordType = "A" | "AAAA" | "CNAME" | "MX" | "TXT" | "SOA" | "NS" | "HTTPS";

export interface DnsRequest {
  query: string;
  recordType: DnsRecordType;
  nameServer?: string | null;
  port?: number | null;
  protocol?: "UDP" | "TCP";
  assertions?: Assertion[];
}

export interface IcmpRequest {
  hostname: string;
  ipFamily?: IpFamily | null;
  pingCount?: number | null;
  assertions?: Assertion[];
}

interface CommonCheck {
  degradedResponseTime?: number | null;
  maxResponseTime?: number | null;
  shouldFail?: boolean;
}

export interface RunnableApiCheck extends CommonCheck { checkType: "API"; request: ApiRequest }
export interface RunnableUrlCheck extends CommonCheck { checkType: "URL"; request: UrlRequest }
export interface RunnableTcpCheck extends CommonCheck { checkType: "TCP"; request: TcpRequest }
export interface RunnableDnsCheck extends CommonCheck { checkType: "DNS"; request: DnsRequest }
export interface RunnableIcmpCheck extends CommonCheck {
  checkType: "ICMP";
  request: IcmpRequest;
  degradedPacketLossThreshold?: number | null;
  maxPacketLossThreshold?: number | null;
}

export type RunnableCheck = RunnableApiCheck | RunnableUrlCheck | RunnableTcpCheck | RunnableDnsCheck | RunnableIcmpCheck;

/** Name resolution in node:dns lookup's shape with `all: true`; tests inject a slow or fixed one. */
export type LookupAll = (hostname: string, family: 4 | 6) => Promise<LookupAddress[]>;

export interface RunOptions {
  /** the whole run's budget; DEFAULT_TIMEOUT_MS when absent */
  timeoutMs?: number;
  /** HELIOGRAPH_CHECKS_ALLOW_METADATA: let checks reach cloud metadata addresses */
  allowMetadata: boolean;
  signal?: AbortSignal;
  /** how host names are resolved (default: node:dns lookup, the system's resolver) */
  lookup?: LookupAll;
}

/** Durations in ms of one HTTP run, summed over redirect hops; total = responseTime. */
export interface TimingPhases {
  wait: number;
  dns: number;
  tcp: number;
  tls: number;
  firstByte: number;
  download: number;
  total: number;
}

/** Offsets in ms from the run's start to each event of the last hop (null: that hop reused a connection). */
export interface Timings {
  socket: number | null;
  lookup: number | null;
  connect: number | null;
  secureConnect: number | null;
  response: number;
  end: number;
}

export interface ApiCheckResult {
  assertions: AssertionOutcome[];
  request: { method: string; url: string; data: string; headers: Record<string, string>; params: Record<string, string> };
  response: {
    status: number;
    statusText: string;
    body: string;
    bodyEncoding?: "base64";
    headers: Record<string, string> | null;
    timings: Timings | null;
    timingPhases: TimingPhases | null;
  };
  requestError: string | null;
}

export interface TcpCheckResult {
  assertions: AssertionOutcome[];
  hostname: string;
  address: string | null;
  port: number;
  /** what the peer sent, at most MAX_TCP_RESPONSE_BYTES, as UTF-8 */
  response: string;
  connectionTime: number | null;
  /** connect to the last byte read (or to the peer's close) */
  totalTime: number | null;
}

/** One answer record, dig-like: `data` is the record's presentation text (e.g. "10 mail.example.com."). */
export interface DnsAnswer {
  name: string;
  type: string;
  class: string;
  ttl: number;
  data: string;
}

/** The object JSON_ANSWER paths run over (e.g. `$.answers[0].data`, `$.rcode`). */
export interface DnsCheckResult {
  assertions: AssertionOutcome[];
  query: string;
  recordType: DnsRecordType;
  nameServer: string;
  port: number;
  protocol: "UDP" | "TCP";
  rcode: string | null;
  flags: { aa: boolean; tc: boolean; rd: boolean; ra: boolean } | null;
  answers: DnsAnswer[];
  authorities: DnsAnswer[];
  additionals: DnsAnswer[];
  /** the answer section as dig prints it, one record a line (TEXT_ANSWER reads this) */
  text: string;
}

export interface IcmpEcho {
  sequence: number;
  ttl: number | null;
  time: number;
}

/** The object JSON_RESPONSE paths run over (e.g. `$.latency.avg`, `$.packetLoss`). */
export interface IcmpCheckResult {
  assertions: AssertionOutcome[];
  hostname: string;
  address: string | null;
  ipFamily: IpFamily;
  packetsSent: number;
  packetsReceived: number;
  /** percent, 0-100 */
  packetLoss: number;
  latency: { avg: number; min: number; max: number; stdDev: number } | null;
  echoes: IcmpEcho[];
}

export interface RunOutcome {
  startedAt: Date;
  stoppedAt: Date;
  /** ms, per §3: request time (API, URL), connection time (TCP), resolution time (DNS), average latency (ICMP) */
  responseTime: number;
  hasFailures: boolean;
  hasErrors: boolean;
  isDegraded: boolean | null;
  overMaxResponseTime: boolean | null;
  /** a connection-level failure (refused, unreachable, timeout, TLS, name not found): retryStrategy.onlyOn NETWORK_ERROR */
  networkError: boolean;
  /** one human line saying why the run failed; null when it passed */
  error: string | null;
  apiCheckResult: ApiCheckResult | null;
  tcpCheckResult: TcpCheckResult | null;
  dnsCheckResult: DnsCheckResult | null;
  icmpCheckResult: IcmpCheckResult | null;
}

/** The response body kept in apiCheckResult.response.body; the caller decides whether to store it. */
export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_TCP_RESPONSE_BYTES = 64 * 1024;
export const DEFAULT_TIMEOUT_MS = 30_000;
