import http from "node:http";
import https from "node:https";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import type { CheckedUrl, Guard } from "./guard";

export interface OutboundResponse {
  status: number;
  /** seconds, from Retry-After (delta or HTTP date), when the receiver sent one */
  retryAfterSeconds: number | null;
  /** first bytes of the body, for logs of failed attempts (never logged for successes) */
  snippet: string;
}

export interface PostOptions {
  headers?: Record<string, string>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const MAX_BODY = 64 * 1024;

/** Keep-alive agents that re-check the connected address, shared per guard. */
const agents = new WeakMap<Guard, { http: http.Agent; https: https.Agent; plainHttp: http.Agent; plainHttps: https.Agent }>();
function agentsFor(guard: Guard) {
  let a = agents.get(guard);
  if (!a) {
    const opts = { keepAlive: true, maxSockets: 64, allowIPAddressList: guard.allow.ipEntries };
    a = {
      http: new RequestFilteringHttpAgent(opts),
      https: new RequestFilteringHttpsAgent(opts),
      // for hosts the operator allow-listed by name: their addresses may be internal on purpose
      plainHttp: new http.Agent({ keepAlive: true, maxSockets: 64 }),
      plainHttps: new https.Agent({ keepAlive: true, maxSockets: 64 }),
    };
    agents.set(guard, a);
  }
  return a;
}

export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | null {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v) return null;
  if (/^\d+$/.test(v.trim())) return Number(v.trim());
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/**
 * POSTs to a URL that passed the guard. The socket connects to the checked address only (no second
 * DNS answer can swap it), redirects are not followed, and the whole exchange is bounded by timeoutMs.
 */
export async function postChecked(guard: Guard, checked: CheckedUrl, body: string | Buffer, options: PostOptions = {}): Promise<OutboundResponse> {
  const { url, address, family } = checked;
  const a = agentsFor(guard);
  const isHttps = url.protocol === "https:";
  const agent = checked.allowListed && guard.allow.hosts.has(url.hostname.toLowerCase()) ? (isHttps ? a.plainHttps : a.plainHttp) : isHttps ? a.https : a.http;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const req = (isHttps ? https : http).request(
      url,
      {
        method: "POST",
        agent,
        headers: { "content-length": String(Buffer.byteLength(body)), ...options.headers },
        lookup: ((_host: string, opts: { all?: boolean }, cb: (...args: unknown[]) => void) =>
          opts?.all ? cb(null, [{ address, family }]) : cb(null, address, family)) as never,
        signal: options.signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          if (size < MAX_BODY) chunks.push(c);
          size += c.length;
        });
        res.on("end", () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, retryAfterSeconds: parseRetryAfter(res.headers["retry-after"]), snippet: Buffer.concat(chunks).toString("utf8").slice(0, 200) });
        });
        res.on("error", (err) => {
          clearTimeout(timer);
          reject(err);
        });
      },
    );
    const timer = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
    req.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    req.end(body);
  });
}
