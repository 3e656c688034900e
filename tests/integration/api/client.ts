/**
 * Calls the API's route handlers (/v1, /next …) in-process the way Next routes to them: the URL is matched against the
 * route files under app/v1, app/next … (static segments before dynamic ones), and the exported method handler
 * gets a real Request and its params.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

export const ROOT = join(import.meta.dirname, "../../..");
const APP = join(ROOT, "app");

export interface RouteFile {
  file: string;
  /** e.g. ["v1", "status-pages", "[id]"] */
  segments: string[];
  /** the OpenAPI form, e.g. /v1/status-pages/{id} */
  openApiPath: string;
}

/** The API's prefixes that have route files (a missing one is skipped). */
const API_ROOTS = ["v1", "v2", "v3", "next"];

export function routeFiles(): RouteFile[] {
  return API_ROOTS.map((root) => join(APP, root)).filter((dir) => existsSync(dir)).flatMap((dir) => routeFilesUnder(dir));
}

function routeFilesUnder(dir: string): RouteFile[] {
  const out: RouteFile[] = [];
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...routeFilesUnder(full));
    else if (name === "route.ts") {
      const segments = relative(APP, dir).split(sep);
      out.push({ file: full, segments, openApiPath: "/" + segments.map((s) => s.replace(/^\[(\w+)\]$/, "{$1}")).join("/") });
    }
  }
  return out;
}

/** A catch-all segment (`[...path]` or `[[...path]]`): the unknown-operation routes. */
export const isCatchAll = (segment: string) => segment.includes("[...");

const ROUTES = routeFiles().filter((r) => !r.segments.some(isCatchAll));

function match(pathname: string): { route: RouteFile; params: Record<string, string> } | null {
  const parts = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const candidates = ROUTES.filter((r) => r.segments.length === parts.length)
    .map((r) => {
      const params: Record<string, string> = {};
      let score = 0;
      for (const [i, seg] of r.segments.entries()) {
        const dyn = /^\[(\w+)\]$/.exec(seg);
        if (dyn) params[dyn[1]] = parts[i];
        else if (seg === parts[i]) score += 1 << (parts.length - i);
        else return null;
      }
      return { route: r, params, score };
    })
    .filter((c): c is NonNullable<typeof c> => c !== null)
    .sort((a, b) => b.score - a.score);
  return candidates[0] ?? null;
}

// Response bodies are checked against the wire schemas by the tests, so they stay untyped here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  /** sent as is (no JSON encoding) */
  rawBody?: BodyInit;
  headers?: Record<string, string>;
}

export async function call(method: string, url: string, opts: CallOptions = {}): Promise<ApiResponse> {
  const u = new URL(url, "http://localhost:3000");
  const m = match(u.pathname);
  if (!m) throw new Error(`no route file for ${u.pathname}`);
  const mod = (await import(/* @vite-ignore */ m.route.file)) as Record<string, unknown>;
  const handler = mod[method] as ((req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>) | undefined;
  if (!handler) return { status: 405, headers: new Headers(), body: null, text: "" };
  const headers: Record<string, string> = { ...(opts.key ? { authorization: `Bearer ${opts.key}` } : {}) };
  let body: BodyInit | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["content-type"] = "application/json";
  }
  const init: RequestInit & { duplex?: "half" } = { method, headers: { ...headers, ...opts.headers }, body };
  if (body instanceof ReadableStream) init.duplex = "half";
  const res = await handler(new Request(u, init), { params: Promise.resolve(m.params) });
  const text = await res.text();
  let parsed: unknown = null;
  if (text) parsed = JSON.parse(text);
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** A client bound to one API key. */
export function client(key: string | null, extraHeaders: Record<string, string> = {}) {
  const go = (method: string) => (url: string, body?: unknown, opts: CallOptions = {}) =>
    call(method, url, { key, body, ...opts, headers: { ...extraHeaders, ...opts.headers } });
  return { get: go("GET"), post: go("POST"), put: go("PUT"), patch: go("PATCH"), delete: go("DELETE") };
}
export type Client = ReturnType<typeof client>;
