import { render, toPlainText } from "@react-email/render";
import { markdownToText, renderMarkdown } from "@/lib/markdown";
import { ConfirmEmail, DisabledEmail, EventEmail } from "./email/templates";
import type { EventPayload } from "./payload";

/** Per-subscriber links are placeholders in the once-rendered messages, swapped in at send time. */
export const MANAGE_PLACEHOLDER = "https://heliograph.invalid/__manage__";
export const UNSUBSCRIBE_PLACEHOLDER = "https://heliograph.invalid/__unsubscribe__";

export interface RenderedEvent {
  email: { subject: string; html: string; text: string };
  /** Slack incoming-webhook body (JSON) */
  slack: string;
  /** ≤ 160 characters, with the page link */
  sms: string;
  /** Statuspage-shaped subscriber webhook body (JSON) */
  webhook: string;
}

const STATUS_LABELS: Record<string, string> = {
  INVESTIGATING: "Investigating",
  IDENTIFIED: "Identified",
  MONITORING: "Monitoring",
  RESOLVED: "Resolved",
  SCHEDULED: "Scheduled maintenance",
  IN_PROGRESS: "Maintenance in progress",
  COMPLETED: "Maintenance completed",
};
export const statusText = (s: string) => STATUS_LABELS[s] ?? s;

const IMPACT = { CRITICAL: "critical", MAJOR: "major", MEDIUM: "minor", MINOR: "minor" } as const;
const COMPONENT_STATUS = { CRITICAL: "major_outage", MAJOR: "major_outage", MEDIUM: "partial_outage", MINOR: "degraded_performance" } as const;
const iso = (ms: number) => new Date(ms).toISOString();

function headline(p: EventPayload): string {
  if (p.kind === "maintenance.reminder" && p.maintenance) return `Maintenance in ${formatMinutes(p.maintenance.minutesBefore ?? 0)}: ${p.title}`;
  return p.title;
}

function formatMinutes(m: number): string {
  if (m % 1440 === 0) return `${m / 1440} day${m === 1440 ? "" : "s"}`;
  if (m % 60 === 0) return `${m / 60} hour${m === 60 ? "" : "s"}`;
  return `${m} minutes`;
}

function whenText(p: EventPayload): string {
  if (p.maintenance) return `${iso(p.maintenance.startsAt).replace("T", " ").slice(0, 16)} – ${iso(p.maintenance.endsAt).replace("T", " ").slice(0, 16)} UTC`;
  return `${iso(p.at).replace("T", " ").slice(0, 16)} UTC`;
}

/** Statuspage's subscriber-webhook body: `incident` with `incident_updates` and `components`. */
export function webhookBody(p: EventPayload) {
  const resolved = p.status === "RESOLVED" || p.status === "COMPLETED";
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
        : [{ id: `${id}-${p.kind}`, incident_id: id, status: p.status.toLowerCase(), body: p.body, display_at: iso(p.at), created_at: iso(p.at), updated_at: iso(p.at) }],
      components: p.services.map((s) => ({ id: s.id, name: s.name, status: componentStatus })),
    },
  };
}

const slackEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function slackBody(p: EventPayload) {
  const title = headline(p);
  const fields = [{ type: "mrkdwn", text: `*Status*\n${slackEscape(statusText(p.status))}` }];
  if (p.services.length > 0) fields.push({ type: "mrkdwn", text: `*Affected*\n${slackEscape(p.services.map((s) => s.name).join(", ")).slice(0, 1900)}` });
  const text = slackEscape(markdownToText(p.body)).slice(0, 2900);
  return {
    text: slackEscape(`${p.page.name}: ${title} (${statusText(p.status)})`),
    blocks: [
      { type: "header", text: { type: "plain_text", text: title.slice(0, 150) } },
      { type: "section", fields },
      ...(text ? [{ type: "section", text: { type: "mrkdwn", text } }] : []),
      { type: "context", elements: [{ type: "mrkdwn", text: `<${p.page.address}|${slackEscape(p.page.name)} status page> · <${MANAGE_PLACEHOLDER}|Manage subscription>` }] },
    ],
  };
}

/** One SMS segment: the title is cut so the status and the link always fit in 160 characters. */
export function smsText(p: EventPayload): string {
  const tail = ` - ${statusText(p.status)}. ${p.page.address}`;
  const room = 160 - tail.length;
  const head = `${p.page.name}: ${headline(p)}`;
  if (room <= 1) return `${p.page.address}`.slice(0, 160);
  return (head.length > room ? `${head.slice(0, room - 1)}…` : head) + tail;
}

/** Renders every channel's message for one event, once. */
export async function renderEvent(p: EventPayload): Promise<RenderedEvent> {
  const title = headline(p);
  const label = statusText(p.status);
  const html = await render(
    <EventEmail
      pageName={p.page.name}
      pageUrl={p.page.address}
      title={title}
      statusLabel={label}
      when={whenText(p)}
      services={p.services.map((s) => s.name)}
      bodyHtml={renderMarkdown(p.body)}
      manageUrl={MANAGE_PLACEHOLDER}
      unsubscribeUrl={UNSUBSCRIBE_PLACEHOLDER}
    />,
  );
  return {
    email: { subject: `[${p.page.name}] ${title}: ${label}`.replace(/[\r\n]+/g, " ").slice(0, 250), html, text: toPlainText(html) },
    slack: JSON.stringify(slackBody(p)),
    sms: smsText(p),
    webhook: JSON.stringify(webhookBody(p)),
  };
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeJson = (s: string) => JSON.stringify(s).slice(1, -1);

/** Swaps the per-subscriber links into a rendered message; `mode` says how the text must escape them. */
export function personalize(text: string, links: { manage: string; unsubscribe: string }, mode: "html" | "text" | "json"): string {
  const esc = mode === "html" ? escapeHtml : mode === "json" ? escapeJson : (s: string) => s;
  return text.replaceAll(MANAGE_PLACEHOLDER, esc(links.manage)).replaceAll(UNSUBSCRIBE_PLACEHOLDER, esc(links.unsubscribe));
}

export async function renderConfirmEmail(pageName: string, confirmUrl: string) {
  const html = await render(<ConfirmEmail pageName={pageName} confirmUrl={confirmUrl} />);
  return { subject: `Confirm your subscription to ${pageName}`.replace(/[\r\n]+/g, " "), html, text: toPlainText(html) };
}

export async function renderDisabledEmail(pageName: string, target: string, pageUrl: string) {
  const html = await render(<DisabledEmail pageName={pageName} target={target} pageUrl={pageUrl} />);
  return { subject: `Status updates from ${pageName} were stopped`.replace(/[\r\n]+/g, " "), html, text: toPlainText(html) };
}
