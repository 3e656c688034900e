import { STATUS_CODES } from "node:http";
import { Agent, errors } from "undici";

import { evaluateAssertions } from "../assertions";
import { TargetError, asTargetError } from "../errors";
import { familyNumber, runSignal } from "../resolve";
import type { ApiCheckResult, ApiRequest, RunOptions, RunOutcome, RunnableApiCheck, RunnableUrlCheck } from "../types";
import { DEFAULT_TIMEOUT_MS, MAX_BODY_BYTES } from "../types";
import { decide, emptyDetails } from "../verdict";
import { timedConnector, type HopTimes } from "./connector";
import { phasesOf, timingsOf } from "./phases";

/** Assertions read up to this much of a body (JSON_BODY needs it whole); only MAX_BODY_BYTES of it is returned. */
export const MAX_ASSERTED_BODY_BYTES = 1024 * 1024;
/** Past this much a body is no longer downloaded: the run ends there and says so. */
export const MAX_DOWNLOAD_BYTES = 16 * 1024 * 1024;
export const MAX_REDIRECTS = 10;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const RASTER = /^image\/(png|jpe?g|gif|webp|bmp|avif|tiff|x-icon|vnd\.microsoft\.icon)\b/i;
const USER_AGENT = "Heliograph-Checks/1.0";
/** What the run's own connection is closed with once the run has its answer (nothing waits on it then). */
const RUN_ENDED = new errors.ClientDestroyedError();

interface Prepared {
  method: string;
  url: URL;
  headers: Record<string, string>;
  shownHeaders: Record<string, string>;
  body: string | undefined;
  params: Record<string, string>;
}

function prepare(check: RunnableApiCheck | RunnableUrlCheck): Prepared {
  const api: ApiRequest | null = check.checkType === "API" ? check.request : null;
  const method = api?.method ?? "GET";
  const url = new URL(check.request.url);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new TargetError("policy", `${url.protocol} URLs are not HTTP`);
  const params: Record<string, string> = {};
  for (const { key, value } of api?.queryParameters ?? []) {
    url.searchParams.append(key, value);
    params[key] = value;
  }
  const headers: Record<string, string> = { "user-agent": USER_AGENT };
  for (const { key, value } of api?.headers ?? []) {
    const k = key.toLowerCase();
    headers[k] = k in headers && k !== "user-agent" ? `${headers[k]}, ${value}` : value;
  }
  const shownHeaders = { ...headers };
  if (api?.basicAuth && !("authorization" in headers)) {
    headers.authorization = `Basic ${Buffer.from(`${api.basicAuth.username}:${api.basicAuth.password}`).toString("base64")}`;
  }
  let body: string | undefined;
  const type = api?.bodyType ?? "NONE";
  if (api && type !== "NONE" && method !== "GET" && method !== "HEAD") {
    body = api.body ?? "";
    if (type === "GRAPHQL" && !/^\s*\{/.test(body)) body = JSON.stringify({ query: body });
    const contentType = { JSON: "application/json", GRAPHQL: "application/json", FORM: "application/x-www-form-urlencoded", RAW: null }[type];
    if (contentType && !("content-type" in headers)) headers["content-type"] = shownHeaders["content-type"] = contentType;
  }
  return { method, url, headers, shownHeaders, body, params };
}

const flatHeaders = (h: Record<string, string | string[] | undefined>): Record<string, string> =>
  Object.fromEntries(Object.entries(h).filter(([, v]) => v !== undefined).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v)]));

/** API and URL checks: one request (and its redirects) over undici, every phase timed. */
export async function runHttp(check: RunnableApiCheck | RunnableUrlCheck, options: RunOptions): Promise<RunOutcome> {
  const startedAt = new Date();
  const t0 = performance.now();
  const { signal, timeoutMs, dispose } = runSignal(options, DEFAULT_TIMEOUT_MS);
  const follow = check.request.followRedirects ?? true;
  const hops: HopTimes[] = [];
  let prepared: Prepared | null = null;
  let targetError: TargetError | null = null;
  let status = 0;
  let headers: Record<string, string> = {};
  let bodyBytes = Buffer.alloc(0);
  const agent = new Agent({
    connect: timedConnector({ family: familyNumber(check.request.ipFamily), skipSSL: check.request.skipSSL ?? false, options, signal, hop: () => hops[hops.length - 1] }),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  try {
    prepared = prepare(check);
    let { url, method, body } = prepared;
    const sent = { ...prepared.headers };
    for (let redirects = 0; ; redirects++) {
      const hop: HopTimes = { start: performance.now() };
      hops.push(hop);
      const res = await agent.request({ origin: url.origin, path: `${url.pathname}${url.search}`, method, headers: sent, body, signal });
      hop.response = performance.now();
      status = res.statusCode;
      headers = flatHeaders(res.headers);
      const location = headers.location;
      if (follow && REDIRECTS.has(status) && location && redirects < MAX_REDIRECTS) {
        await res.body.dump();
        hop.end = performance.now();
        const next = new URL(location, url);
        if (next.origin !== url.origin) delete sent.authorization;
        if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
          method = method === "HEAD" ? "HEAD" : "GET";
          body = undefined;
          delete sent["content-type"];
        }
        url = next;
        continue;
      }
      const kept: Buffer[] = [];
      let keptBytes = 0;
      let total = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (keptBytes < MAX_ASSERTED_BODY_BYTES) {
          const part = chunk.subarray(0, MAX_ASSERTED_BODY_BYTES - keptBytes);
          kept.push(part);
          keptBytes += part.length;
        }
        if (total >= MAX_DOWNLOAD_BYTES) break;
      }
      hop.end = performance.now();
      bodyBytes = Buffer.concat(kept);
      break;
    }
  } catch (err) {
    targetError = signal.aborted ? asTargetError(signal.reason, "request") : err instanceof TypeError && !prepared ? new TargetError("policy", `invalid URL ${JSON.stringify(check.request.url)}`) : asTargetError(err, `${prepared?.method ?? "GET"} ${check.request.url}`);
  } finally {
    dispose();
    // One error made once: destroy() without one builds a ClientDestroyedError, with its stack, on every run.
    void agent.destroy(RUN_ENDED).catch(() => undefined);
  }
  const elapsed = performance.now() - t0;
  const responseTime = Math.round(elapsed);
  const answered = targetError === null;
  const text = bodyBytes.toString("utf8");
  const assertions = answered ? evaluateAssertions(check.checkType, check.request.assertions, { kind: "http", status, headers, body: text, responseTime }) : [];
  const hasStatusAssertion = (check.request.assertions ?? []).some((a) => a.source === "STATUS_CODE");
  let implicitFailure: string | null = null;
  if (answered && !hasStatusAssertion && !(status >= 200 && status < 300) && !(!follow && status >= 300 && status < 400)) {
    implicitFailure = follow && REDIRECTS.has(status) ? `status ${status}: more than ${MAX_REDIRECTS} redirects` : `status ${status} is not a success (2xx)`;
  }
  const verdict = decide({ startedAt, stoppedAt: new Date(), responseTime, assertions, implicitFailure, targetError, degradedResponseTime: check.degradedResponseTime, maxResponseTime: check.maxResponseTime, shouldFail: check.shouldFail });

  const raster = RASTER.test(headers["content-type"] ?? "");
  const returned = bodyBytes.subarray(0, MAX_BODY_BYTES);
  const apiCheckResult: ApiCheckResult = {
    assertions,
    request: {
      method: prepared?.method ?? "GET",
      url: prepared?.url.toString() ?? check.request.url,
      data: prepared?.body ?? "",
      headers: prepared?.shownHeaders ?? {},
      params: prepared?.params ?? {},
    },
    response: {
      status,
      statusText: STATUS_CODES[status] ?? "",
      body: answered ? (raster ? returned.toString("base64") : returned.toString("utf8")) : "",
      ...(answered && raster ? { bodyEncoding: "base64" as const } : {}),
      headers: answered ? headers : null,
      timings: answered ? timingsOf(hops, t0) : null,
      timingPhases: answered ? phasesOf(hops, elapsed) : null,
    },
    requestError: targetError?.message ?? null,
  };
  return { startedAt, stoppedAt: new Date(), responseTime, ...verdict, ...emptyDetails(), apiCheckResult };
}
