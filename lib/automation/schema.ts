import { z } from "zod";
import { CursorPage } from "@/lib/http/pagination";
import { text, Timestamp, Uuid, UuidOut } from "@/lib/http/wire";
import { Severity } from "@/lib/incidents/schema";
import { ImpactWindowStatus } from "@/lib/incidents/v3-schema";

const UpdateText = text().trim().min(1, "must not be empty").max(10_000);
const Tag = text().trim().min(1, "must not be empty").max(255);
const OPEN_AFTER =
  "Heliograph extension: open only once the alert has been firing this many minutes, by the payload's own start time; the incident opens on the first repeat or reminder after that (default 0: at once). A recovery before then opens nothing.";
const OpenAfterMinutes = z.number().int().min(0).max(1440).meta({ description: OPEN_AFTER });

export const AutomationRuleComponentInput = z
  .strictObject({
    componentId: Uuid.meta({ description: "A SERVICE component of this page" }),
    targetImpact: ImpactWindowStatus,
  })
  .meta({ id: "AutomationRuleComponentInput" });

/** The vendor's rule mutation. PUT is a full replacement: omitted fields take their defaults, `components` is replaced as a whole. */
export const AutomationRuleMutation = z
  .strictObject({
    name: text().trim().min(1, "must not be empty").max(255),
    enabled: z.boolean().optional().meta({ description: "A disabled rule never opens incidents (default true)" }),
    firstUpdate: UpdateText.meta({ description: "Text of the update that opens the incident" }),
    lastUpdate: UpdateText.meta({ description: "Text of the update that resolves it, once all its alerts recovered" }),
    notifySubscribers: z.boolean().optional().meta({ description: "Whether its updates notify subscribers (default true)" }),
    coolDownWindowMinutes: z.number().int().min(0).max(1440).optional().meta({ description: "Minutes after a resolve before the rule opens again (default 5)" }),
    openAfterMinutes: OpenAfterMinutes.optional(),
    tags: z.array(Tag).min(1).max(100).meta({ description: "An alert matches when it (or its check's group) carries ANY of them" }),
    components: z.array(AutomationRuleComponentInput).max(200).optional().meta({ description: "Each component at most once; default none" }),
  })
  .meta({ id: "AutomationRuleMutation" });

export const AutomationRuleComponent = z
  .strictObject({ id: UuidOut, componentId: UuidOut, targetImpact: ImpactWindowStatus })
  .meta({ id: "AutomationRuleComponent" });

export const AutomationRule = z
  .strictObject({
    id: UuidOut,
    statusPageId: UuidOut,
    name: z.string(),
    enabled: z.boolean(),
    firstUpdate: z.string(),
    lastUpdate: z.string(),
    notifySubscribers: z.boolean(),
    coolDownWindowMinutes: z.number().int(),
    openAfterMinutes: z.number().int().meta({ description: OPEN_AFTER }),
    tags: z.array(z.string()),
    components: z.array(AutomationRuleComponent),
    incidentId: UuidOut.nullable().meta({ description: "The open incident the rule manages, or null" }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "AutomationRule" });

export const AutomationRulePage = CursorPage(AutomationRule, "AutomationRulePage");

export const AutomationRuleParams = z.object({ statusPageId: Uuid, ruleId: Uuid });

const TRIGGER_SEVERITY =
  "The incident's severity (default MAJOR): the service shows major outage for CRITICAL or MAJOR, partial outage for MEDIUM, degraded performance for MINOR; a check only degraded opens at most MINOR.";

/** The seed's per-check trigger: a failing vendor check opens a v1 incident on one service. */
export const CheckTriggerInput = z
  .strictObject({
    serviceId: Uuid.meta({ description: "A service of the account" }),
    name: text().trim().min(1, "must not be empty").max(255).meta({ description: "The incident's name" }),
    description: UpdateText.meta({ description: "Text of the update that opens the incident" }),
    notifySubscribers: z.boolean().optional().meta({ description: "Default true" }),
    severity: Severity.optional().meta({ description: TRIGGER_SEVERITY }),
  })
  .meta({ id: "CheckTriggerInput" });

export const CheckTrigger = z
  .strictObject({
    checkId: z.string(),
    serviceId: UuidOut,
    name: z.string(),
    description: z.string(),
    notifySubscribers: z.boolean(),
    severity: Severity.meta({ description: TRIGGER_SEVERITY }),
    incidentId: UuidOut.nullable().meta({ description: "The open incident the trigger manages, or null" }),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "CheckTrigger" });

/** The vendor's check ids are uuids; any id made of URL-safe characters is accepted, as other tools name checks their own way. */
export const CheckParams = z.object({
  checkId: text().regex(/^[A-Za-z0-9._:-]{1,128}$/, "must be 1-128 letters, digits or . _ : -"),
});
