import { z } from "zod";
import { INTEGRATION_TYPES } from "@/lib/integrations/formats/names";
import { AutomationRuleComponentInput } from "@/lib/automation/schema";
import { ImpactWindowStatus } from "@/lib/incidents/v3-schema";
import { CursorPage } from "@/lib/http/pagination";
import { text, Timestamp, Uuid, UuidOut } from "@/lib/http/wire";

export const IntegrationType = z.enum(INTEGRATION_TYPES).meta({ id: "IntegrationType", description: "The format the sender speaks (docs/automation.md)" });

const DefaultText = text().trim().min(1, "must not be empty").max(10_000);

export const CreateIntegrationInput = z
  .strictObject({
    name: text().trim().min(1, "must not be empty").max(100),
    type: IntegrationType,
    statusPageId: Uuid.nullable().optional().meta({ description: "The page whose automation rules its alerts are matched against; absent: every page of the account" }),
    staleAfterMinutes: z.number().int().min(1).max(10_080).nullable().optional().meta({ description: "Silence longer than this marks it stale (API, /metrics, alertEmail); absent: never" }),
    alertEmail: z.email().max(254).nullable().optional().meta({ description: "Told once by e-mail when it goes stale" }),
    matchLabel: text().trim().min(1).max(100).regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be a label name").optional().meta({ description: "Label whose bare value is also a tag (default `component`)" }),
    defaultComponents: z
      .array(AutomationRuleComponentInput)
      .min(1)
      .max(200)
      .optional()
      .meta({ description: "Default target for alerts no automation rule or check trigger matches: SERVICE components of statusPageId (a v3 page), each opened at its targetImpact" }),
    defaultName: text().trim().min(1, "must not be empty").max(255).optional().meta({ description: "The default target's incident name (default `Problem reported by <name>`)" }),
    defaultFirstUpdate: DefaultText.optional().meta({ description: "Text of the update opening the default target's incident" }),
    defaultLastUpdate: DefaultText.optional().meta({ description: "Text of the update resolving it" }),
    defaultNotifySubscribers: z.boolean().optional().meta({ description: "Whether those updates notify subscribers (default true)" }),
  })
  .meta({ id: "CreateIntegrationInput" });

export const IntegrationDefaultTarget = z
  .strictObject({
    ruleId: UuidOut.meta({ description: "Named as ruleId in the decisions it takes" }),
    name: z.string(),
    firstUpdate: z.string(),
    lastUpdate: z.string(),
    notifySubscribers: z.boolean(),
    components: z.array(z.strictObject({ componentId: UuidOut, targetImpact: ImpactWindowStatus })),
  })
  .meta({ id: "IntegrationDefaultTarget", description: "Opens one incident (like an automation rule) for alerts nothing else matches" });

const integrationFields = {
  id: UuidOut,
  name: z.string(),
  type: IntegrationType,
  statusPageId: UuidOut.nullable(),
  matchLabel: z.string(),
  staleAfterMinutes: z.number().int().nullable(),
  alertEmail: z.string().nullable(),
  maskedToken: z.string(),
  tokenExpiresAt: Timestamp.nullable().meta({ description: "When the ingest token stops working: the expiry of the API key that made (or last rotated) it; null: never" }),
  ingestUrl: z.string().meta({ description: "Where the sender POSTs its alerts (built from HELIOGRAPH_PUBLIC_URL)" }),
  lastHeardAt: Timestamp.nullable().meta({ description: "Last valid event, heartbeats included" }),
  stale: z.boolean().meta({ description: "Silent longer than staleAfterMinutes" }),
  defaultTarget: IntegrationDefaultTarget.nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
};

export const Integration = z.strictObject(integrationFields).meta({ id: "Integration" });

/** The create and rotate answers: the only ones that carry the raw token. */
export const CreatedIntegration = z
  .strictObject({
    ...integrationFields,
    token: z.string().meta({ description: "Shown once: as `Authorization: Bearer`, basic-auth password or PagerDuty `routing_key`" }),
    secretUrl: z.string().meta({ description: "ingestUrl with the token as its last segment, for senders that cannot set headers" }),
    signingSecret: z.string().optional().meta({ description: "checkly only: the webhook channel's secret; bodies must carry its x-checkly-signature" }),
    webhookTemplate: z.string().optional().meta({ description: "checkly only: the body template to paste into the webhook channel" }),
  })
  .meta({ id: "CreatedIntegration", description: "`token` (and `signingSecret`) are shown once; store them now." });

export const IntegrationPage = CursorPage(Integration, "IntegrationPage");

export const AlertDecisionOut = z
  .strictObject({
    outcome: z.enum(["opened", "joined", "updated", "resolved", "ignored"]),
    reason: z.string(),
    ruleId: UuidOut.nullable(),
    incidentId: UuidOut.nullable(),
  })
  .meta({ id: "AlertDecision" });

export const IntegrationEvent = z
  .strictObject({
    id: UuidOut,
    receivedAt: Timestamp,
    format: IntegrationType,
    dedupKey: z.string(),
    action: z.enum(["trigger", "resolve", "heartbeat", "stale"]),
    occurredAt: Timestamp,
    summary: z.string(),
    repeats: z.number().int().meta({ description: "Identical events received since, answered as ignored repeats" }),
    decisions: z.array(AlertDecisionOut).nullable().meta({ description: "null while the decision is being taken" }),
  })
  .meta({ id: "IntegrationEvent" });

export const IntegrationEventPage = CursorPage(IntegrationEvent, "IntegrationEventPage");

export const IngestDecision = AlertDecisionOut.extend({ dedupKey: z.string(), action: z.enum(["trigger", "resolve", "heartbeat"]) }).meta({ id: "IngestDecision" });

export const IngestAnswer = z.strictObject({ accepted: z.number().int(), decisions: z.array(IngestDecision) }).meta({ id: "IngestAnswer" });
