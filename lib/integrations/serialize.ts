import type { z } from "zod";
import type { AlertDecision } from "@/lib/automation/alert";
import type { DefaultTargetView } from "@/lib/automation/default-target";
import { toIso, toIsoOrNull } from "@/lib/db/time";
import { env } from "@/lib/env";
import { FORMATS } from "./formats";
import type { Integration as IntegrationRow, IntegrationEvent as EventRow } from "@/lib/db/types";
import type { CreatedIntegration, Integration, IntegrationEvent } from "./schema";
import { isStale } from "./stale-rule";

/** Built from the configured public address, never from the request's Host: the URL ends up in other tools' configs. */
export function ingestUrlOf(id: string): string {
  return `${env.HELIOGRAPH_PUBLIC_URL.replace(/\/+$/, "")}/ingest/${id}`;
}

export function serializeIntegration(row: IntegrationRow & { defaultTarget?: DefaultTargetView | null }, now = Date.now()): z.infer<typeof Integration> {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    statusPageId: row.status_page_id,
    matchLabel: row.match_label,
    staleAfterMinutes: row.stale_after_minutes,
    alertEmail: row.alert_email,
    maskedToken: row.masked_token,
    tokenExpiresAt: toIsoOrNull(row.token_expires_at),
    ingestUrl: ingestUrlOf(row.id),
    lastHeardAt: toIsoOrNull(row.last_heard_at),
    stale: isStale(row, now),
    defaultTarget: row.defaultTarget ?? null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

export function serializeCreatedIntegration(row: IntegrationRow & { defaultTarget?: DefaultTargetView | null }, rawToken: string, signingSecret: string | null): z.infer<typeof CreatedIntegration> {
  const out: z.infer<typeof CreatedIntegration> = { ...serializeIntegration(row), token: rawToken, secretUrl: `${ingestUrlOf(row.id)}/${rawToken}` };
  if (signingSecret !== null) out.signingSecret = signingSecret;
  const template = FORMATS[row.type].bodyTemplate;
  if (template) out.webhookTemplate = template;
  return out;
}

export function serializeDecision(d: AlertDecision) {
  return { outcome: d.outcome, reason: d.reason, ruleId: d.ruleId ?? null, incidentId: d.incidentId ?? null };
}

export function serializeEvent(row: EventRow): z.infer<typeof IntegrationEvent> {
  const decisions = row.decisions === null ? null : (JSON.parse(row.decisions) as AlertDecision[]).map(serializeDecision);
  return {
    id: row.id,
    receivedAt: toIso(row.created_at),
    format: row.format as z.infer<typeof IntegrationEvent>["format"],
    dedupKey: row.dedup_key,
    action: row.action as z.infer<typeof IntegrationEvent>["action"],
    occurredAt: toIso(row.occurred_at),
    summary: row.summary,
    repeats: row.repeats,
    decisions,
  };
}
