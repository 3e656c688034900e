/** Shared by the alert e2e tests and tests/bench/automation.ts: an automation rule on the demo v3 page and an integration feeding it. */
import { randomUUID } from "node:crypto";

export const DEMO_V3 = "acme-payments";

async function api(base: string, key: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

export interface AutomationSetup {
  pageId: string;
  componentId: string;
  ruleId: string;
  ruleName: string;
  tag: string;
  integration: { id: string; token: string; ingestUrl: string };
}

/** A rule tagged with a fresh tag on the demo page's first service component, and an integration of `type` bound to the page. */
export async function setUpAutomation(base: string, key: string, type = "alertmanager", opts: { coolDownWindowMinutes?: number } = {}): Promise<AutomationSetup> {
  const pages = await api(base, key, "GET", "/v3/status-pages?limit=100");
  const page = pages.entries.find((p: { url: string }) => p.url === DEMO_V3);
  const components = await api(base, key, "GET", `/v3/status-pages/${page.id}/components`);
  const list = (Array.isArray(components) ? components : components.entries) as { id: string; type: string; name: string }[];
  const component = list.find((c) => c.type === "SERVICE" && c.name === "Checkout widget") ?? list.find((c) => c.type === "SERVICE")!;
  const tag = `e2e-${randomUUID().slice(0, 8)}`;
  const ruleName = `Checkout errors ${tag}`;
  const rule = await api(base, key, "POST", `/v3/status-pages/${page.id}/automation-rules`, {
    name: ruleName,
    firstUpdate: "Our monitoring sees checkout failing; we are on it.",
    lastUpdate: "Checkout has recovered.",
    coolDownWindowMinutes: opts.coolDownWindowMinutes ?? 0,
    tags: [tag],
    components: [{ componentId: component.id, targetImpact: "MAJOR_OUTAGE" }],
  });
  const integration = await api(base, key, "POST", "/v1/integrations", { name: `Prometheus ${tag}`, type, statusPageId: page.id });
  return { pageId: page.id, componentId: component.id, ruleId: rule.id, ruleName, tag, integration };
}

export async function incidentsOfRule(base: string, key: string, pageId: string, ruleName: string): Promise<{ id: string; lastUpdateStatus: string }[]> {
  const out: { id: string; name: string; lastUpdateStatus: string }[] = [];
  let nextId: string | null = null;
  do {
    const page: { entries: { id: string; name: string; lastUpdateStatus: string }[]; nextId: string | null } = await api(base, key, "GET", `/v3/status-pages/${pageId}/incidents?limit=100${nextId ? `&nextId=${encodeURIComponent(nextId)}` : ""}`);
    out.push(...page.entries);
    nextId = page.nextId;
  } while (nextId);
  return out.filter((i) => i.name === ruleName);
}

/** The page's unresolved incidents as its summary.json (the Statuspage-compatible JSON) shows them. */
export async function summaryIncidentNames(base: string): Promise<string[]> {
  const res = await fetch(`${base}/${DEMO_V3}/api/v2/summary.json`);
  const body = (await res.json()) as { incidents: { name: string }[] };
  return body.incidents.map((i) => i.name);
}

export async function pageHtml(base: string): Promise<string> {
  return (await fetch(`${base}/${DEMO_V3}`)).text();
}

/** Polls until `check` holds (a guard against hangs, not a timing assertion). */
export async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await check()) return performance.now() - start;
    if (performance.now() - start > timeoutMs) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Another rule on the same component with its own tag (the mixed benchmark drives several at once). */
export async function addRule(base: string, key: string, setup: AutomationSetup, tag: string): Promise<{ ruleId: string; ruleName: string; tag: string }> {
  const ruleName = `Checkout errors ${tag}`;
  const rule = await api(base, key, "POST", `/v3/status-pages/${setup.pageId}/automation-rules`, {
    name: ruleName,
    firstUpdate: "Our monitoring sees checkout failing; we are on it.",
    lastUpdate: "Checkout has recovered.",
    coolDownWindowMinutes: 0,
    tags: [tag],
    components: [{ componentId: setup.componentId, targetImpact: "MAJOR_OUTAGE" }],
  });
  return { ruleId: rule.id, ruleName, tag };
}

/** An Alertmanager webhook body with one alert, as its webhook_configs receiver sends it. */
export function alertmanagerBody(tag: string, fingerprint: string, status: "firing" | "resolved", startsAt: number, endsAt?: number) {
  return {
    version: "4",
    status,
    receiver: "heliograph",
    groupKey: fingerprint,
    alerts: [
      {
        status,
        labels: { alertname: "CheckoutErrors", component: tag, instance: fingerprint },
        annotations: { summary: "Checkout failing" },
        startsAt: new Date(startsAt).toISOString(),
        endsAt: endsAt === undefined ? "0001-01-01T00:00:00Z" : new Date(endsAt).toISOString(),
        fingerprint,
      },
    ],
  };
}

export async function postIngest(base: string, setup: AutomationSetup, body: unknown): Promise<{ status: number; body: { decisions: { outcome: string; reason: string; incidentId: string | null }[] } }> {
  const r = await fetch(`${base}/ingest/${setup.integration.id}`, { method: "POST", headers: { authorization: `Bearer ${setup.integration.token}`, "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: r.status, body: await r.json() };
}
