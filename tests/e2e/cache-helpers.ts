/** Small HTTP helpers shared by the front-cache browser-less e2e tests and the benchmark. */
import http from "node:http";
import zlib from "node:zlib";

export interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the body as sent (possibly compressed) */
  body: Buffer;
  text: string;
}

/** A raw request (custom Host allowed, body decoded by hand so content-encoding stays visible). */
export function raw(url: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Raw> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: u.hostname, port: u.port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const enc = res.headers["content-encoding"];
        const plain = enc === "br" ? zlib.brotliDecompressSync(body) : enc === "gzip" ? zlib.gunzipSync(body) : body;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: plain.toString("utf8") });
      });
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout ${method} ${path}`)));
    req.on("error", reject);
    req.end();
  });
}

/** A management API call with the demo key. */
export async function api<T = unknown>(url: string, key: string, method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : undefined) as T };
}

interface Incident {
  id: string;
  name: string;
  lastUpdateStatus: string;
}

/** The demo's open incident (the one on "Analytics pipeline"). */
export async function openIncident(url: string, key: string): Promise<Incident> {
  const { status, json } = await api<{ entries: Incident[] }>(url, key, "GET", "/v1/status-pages/incidents?limit=100");
  if (status !== 200) throw new Error(`listing incidents answered ${status}`);
  const open = json.entries.find((i) => i.lastUpdateStatus !== "RESOLVED");
  if (!open) throw new Error("the demo has no open incident");
  return open;
}

export async function postUpdate(url: string, key: string, incidentId: string, description: string): Promise<void> {
  const r = await api(url, key, "POST", `/v1/status-pages/incidents/${incidentId}/incident-updates`, { description, status: "MONITORING" });
  if (r.status !== 200) throw new Error(`posting an update answered ${r.status}: ${JSON.stringify(r.json)}`);
}

/** Polls `path` until its body contains `text`; returns the milliseconds it took (throws past `limitMs`). */
export async function timeUntilServed(url: string, path: string, text: string, limitMs = 5000, headers: Record<string, string> = {}): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const r = await raw(url, path, headers);
    if (r.status === 200 && r.text.includes(text)) return performance.now() - t0;
    if (performance.now() - t0 > limitMs) throw new Error(`"${text}" not served at ${path} within ${limitMs} ms`);
  }
}
