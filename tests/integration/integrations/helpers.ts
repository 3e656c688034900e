/** Ingestion as Next routes it: POST /ingest/{id}[/{token}] on the server's own host, through the route files. */
import { POST as ingestPost } from "@/app/ingest/[id]/route";
import { POST as ingestWithTokenPost } from "@/app/ingest/[id]/[token]/route";
import { env } from "@/lib/env";
import { signBody } from "@/lib/integrations/tokens";
import { WEBHOOK_TEMPLATE } from "@/lib/integrations/formats/checkly";
import type { ApiResponse } from "../api/client";
import { slug, type Tenant } from "../api/fixtures";


export interface IngestOptions {
  token?: string;
  /** sent as basic auth password instead of a bearer token */
  basic?: boolean;
  /** the token as the last URL segment instead of a header */
  inUrl?: boolean;
  host?: string;
  headers?: Record<string, string>;
}

const origin = new URL(env.HELIOGRAPH_PUBLIC_URL);

export async function ingest(id: string, body: unknown, o: IngestOptions = {}): Promise<ApiResponse> {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  const headers: Record<string, string> = { "content-type": "application/json", host: o.host ?? origin.host, ...o.headers };
  if (o.token && !o.inUrl) headers.authorization = o.basic ? `Basic ${Buffer.from(`alertmanager:${o.token}`).toString("base64")}` : `Bearer ${o.token}`;
  const path = o.token && o.inUrl ? `/ingest/${id}/${o.token}` : `/ingest/${id}`;
  const req = new Request(new URL(path, origin), { method: "POST", headers, body: raw });
  const handler = o.token && o.inUrl ? ingestWithTokenPost : ingestPost;
  const params = Promise.resolve(o.token && o.inUrl ? { id, token: o.token } : { id });
  const res = await handler(req, { params });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: text ? JSON.parse(text) : null };
}

/** The vendor's body: the published template with its variables filled in, as its webhook channel renders it. */
export function checklyBody(vars: Record<string, string>): string {
  return WEBHOOK_TEMPLATE.replace(/\{\{(\w+)\}\}/g, (_, k: string) => vars[k] ?? "");
}

export const signed = (secret: string, raw: string) => ({ "x-checkly-signature": signBody(secret, raw) });

export const amBody = (alerts: Record<string, unknown>[]) => ({ version: "4", groupKey: "{}:{alertname=\"x\"}", status: "firing", receiver: "heliograph", alerts, commonLabels: {}, externalURL: "http://am" });

export const amAlert = (over: Record<string, unknown> = {}) => ({
  status: "firing",
  labels: { alertname: "HighErrorRate", component: "api" },
  annotations: { summary: "5xx above 5%" },
  startsAt: "2026-11-24T10:00:00.000Z",
  endsAt: "0001-01-01T00:00:00Z",
  fingerprint: "fp-1",
  ...over,
});

/** A v3 page with one API component and a rule tagged `api` opening a major outage on it. */
export async function pageWithRule(t: Tenant, tags = ["api"]) {
  const page = (await t.api.post("/v3/status-pages", { name: "Modern", url: slug("auto") })).body;
  const component = (await t.api.post(`/v3/status-pages/${page.id}/components`, { name: "API", displayOrder: 1 })).body;
  const rule = await t.api.post(`/v3/status-pages/${page.id}/automation-rules`, {
    name: "API errors",
    firstUpdate: "We are seeing errors on the API",
    lastUpdate: "The API has recovered",
    coolDownWindowMinutes: 0,
    tags,
    components: [{ componentId: component.id, targetImpact: "MAJOR_OUTAGE" }],
  });
  if (rule.status !== 201) throw new Error(`rule: ${rule.status} ${rule.text}`);
  return { pageId: page.id as string, componentId: component.id as string, ruleId: rule.body.id as string };
}

/** The account's incidents that are not resolved. */
export async function openIncidents(t: Tenant) {
  return t.db.selectFrom("incidents").select(["id", "name"]).where("account_id", "=", t.accountId).where("last_update_status", "!=", "RESOLVED").execute();
}
