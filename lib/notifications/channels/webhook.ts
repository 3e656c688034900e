import { createHmac } from "node:crypto";
import { OutboundRefusedError, postChecked } from "@/lib/outbound";
import { componentStatus as spComponentStatus, STATUS_DESCRIPTION } from "@/lib/statuspage-compat/mapping";
import type { EventPayload } from "./payload";
import { iso, MANAGE_PLACEHOLDER, personalize, statusText, UNSUBSCRIBE_PLACEHOLDER } from "./render";
import { normalizeUrl } from "./address";
import { classifyHttp, POSTS_TO_A_URL, type ChannelDeps, type ChannelModule, type MessageContext, type SendResult } from "./types";

/**
 * POSTs JSON to the subscriber's URL, checked again by the SSRF guard now (DNS may have changed since sign-up).
 * `classify` turns the answer into a SendResult: a platform may say "gone" its own way (Discord's 404).
 */
export async function postJson(deps: ChannelDeps, url: string, body: string, headers: Record<string, string>, classify = classifyHttp): Promise<SendResult> {
  let checked;
  try {
    checked = await deps.guard.check(url);
  } catch (err) {
    if (err instanceof OutboundRefusedError) return { ok: false, permanent: !/cannot be resolved/.test(err.message), error: `refused: ${err.message}` };
    throw err;
  }
  try {
    const res = await postChecked(deps.guard, checked, body, { headers: { "content-type": "application/json", "user-agent": "Heliograph-Webhooks/1", ...headers }, timeoutMs: deps.timeoutMs });
    return classify(res.status, res.retryAfterSeconds, res.snippet);
  } catch (err) {
    const e = err as { code?: string; message?: string };
    return { ok: false, error: `${e.code ?? "network"}: ${(e.message ?? "").slice(0, 160)}` };
  }
}

/**
 * Standard Webhooks' `v1` signature (what `standardwebhooks`' Webhook.sign computes) with node:crypto: the
 * package hashes in JavaScript, which cost more than the HTTP request itself at thousands of deliveries a second.
 */
export function standardSignature(secret: string, id: string, at: Date, body: string): string {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice(6) : secret, "base64");
  if (key.length === 0) throw new Error("Secret can't be empty.");
  return `v1,${createHmac("sha256", key).update(`${id}.${Math.floor(at.getTime() / 1000)}.${body}`).digest("base64")}`;
}

/** Standard Webhooks headers: webhook-id is the idempotency key, so a retried delivery is recognisable. */
function signed(ctx: MessageContext, body: string): Record<string, string> | null {
  const secret = ctx.deps.secretOf(ctx.subscriber);
  if (!secret) return null;
  const ts = new Date();
  return {
    "webhook-id": ctx.idempotencyKey,
    "webhook-timestamp": String(Math.floor(ts.getTime() / 1000)),
    "webhook-signature": standardSignature(secret, ctx.idempotencyKey, ts, body),
    "idempotency-key": ctx.idempotencyKey,
  };
}

const IMPACT = { CRITICAL: "critical", MAJOR: "major", MEDIUM: "minor", MINOR: "minor" } as const;
const COMPONENT_STATUS = { CRITICAL: "major_outage", MAJOR: "major_outage", MEDIUM: "partial_outage", MINOR: "degraded_performance" } as const;

/** Statuspage's subscriber-webhook body: `incident` with `incident_updates` and `components` (maintenance as an incident). */
export function webhookBody(p: EventPayload) {
  const resolved = p.status === "RESOLVED" || p.status === "COMPLETED" || p.status === "CANCELLED";
  const sev = p.incident?.severity;
  const componentStatus = resolved ? "operational" : p.maintenance ? "under_maintenance" : sev ? COMPONENT_STATUS[sev] : "operational";
  const impact = p.maintenance ? "maintenance" : sev ? IMPACT[sev] : "none";
  const id = p.incident?.id ?? `maintenance-${p.maintenance?.id}`;
  return {
    meta: { unsubscribe: UNSUBSCRIBE_PLACEHOLDER, manage: MANAGE_PLACEHOLDER, event: p.kind, generated_at: new Date().toISOString() },
    page: { id: p.page.id, name: p.page.name, url: p.page.address, status_indicator: resolved ? "none" : impact, status_description: resolved ? "All Systems Operational" : statusText(p.status) },
    incident: {
      id,
      name: p.title,
      status: p.status.toLowerCase(),
      impact,
      shortlink: p.page.address,
      created_at: iso(p.incident?.createdAt ?? p.maintenance?.startsAt ?? p.at),
      updated_at: iso(p.incident?.updatedAt ?? p.at),
      resolved_at: p.incident?.resolvedAt ? iso(p.incident.resolvedAt) : null,
      scheduled_for: p.maintenance ? iso(p.maintenance.startsAt) : null,
      scheduled_until: p.maintenance ? iso(p.maintenance.endsAt) : null,
      incident_updates: p.incident
        ? p.incident.updates.map((u) => ({ id: u.id, incident_id: id, status: u.status.toLowerCase(), body: u.description, display_at: iso(u.displayAt), created_at: iso(u.createdAt), updated_at: iso(u.updatedAt) }))
        : [{ id: p.maintenance?.updateId ?? `${id}-${p.kind}`, incident_id: id, status: p.status.toLowerCase(), body: p.body, display_at: iso(p.at), created_at: iso(p.at), updated_at: iso(p.at) }],
      // Each component at its own status (a v3 incident can hit components differently); maintenance and a resolution set all.
      components: p.services.map((s) => ({ id: s.id, name: s.name, status: resolved || p.maintenance || !s.status ? componentStatus : spComponentStatus(s.status) })),
    },
  };
}

/** Where Statuspage documents the webhook bodies this channel sends. */
const DOCUMENTATION = "https://support.atlassian.com/statuspage/docs/enable-webhook-notifications/";

/** Statuspage's component_update webhook: the change, the component now, and the page's status after it. */
export function componentUpdateBody(p: EventPayload) {
  const c = p.component!;
  return {
    meta: { unsubscribe: UNSUBSCRIBE_PLACEHOLDER, documentation: DOCUMENTATION, manage: MANAGE_PLACEHOLDER, event: p.kind, generated_at: new Date().toISOString() },
    page: { id: p.page.id, status_indicator: c.pageIndicator, status_description: STATUS_DESCRIPTION[c.pageStatus] },
    component_update: { created_at: iso(p.at), new_status: spComponentStatus(c.newStatus), old_status: spComponentStatus(c.oldStatus), id: c.updateId, component_id: c.id },
    component: { created_at: iso(c.createdAt), id: c.id, name: c.name, status: spComponentStatus(c.newStatus) },
  };
}

const noSecret: SendResult = { ok: false, permanent: true, error: "subscriber has no signing secret" };

export const webhookChannel: ChannelModule<"WEBHOOK", string> = {
  type: "WEBHOOK",
  form: {
    label: "Webhook",
    field: "Webhook URL",
    inputType: "url",
    placeholder: "https://example.com/hooks/status",
    hint: "JSON in the Statuspage format, signed per the Standard Webhooks spec.",
    autoComplete: "off",
    done: "We are sending a signed test delivery to {address}. Updates start as soon as it answers with a 2xx status.",
  },
  ...POSTS_TO_A_URL,
  signed: true,
  normalize: (raw, guard) => normalizeUrl(raw, guard),
  render: (p) => JSON.stringify(p.kind === "component.update" && p.component ? componentUpdateBody(p) : webhookBody(p)),

  async sendVerification(ctx) {
    const body = JSON.stringify({
      meta: { event: "subscription.test", manage: ctx.links.manage, unsubscribe: ctx.links.unsubscribe, generated_at: new Date().toISOString() },
      page: { id: ctx.page.id, name: ctx.page.name, url: ctx.page.address },
    });
    const headers = signed(ctx, body);
    return headers ? postJson(ctx.deps, ctx.subscriber.target, body, headers) : noSecret;
  },

  async send(ctx, rendered) {
    const body = personalize(rendered, ctx.links, "json");
    const headers = signed(ctx, body);
    return headers ? postJson(ctx.deps, ctx.subscriber.target, body, headers) : noSecret;
  },
};
