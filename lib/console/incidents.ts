import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db";
import { ValidationError } from "@/lib/errors";
import { CreateIncidentInput } from "@/lib/incidents/schema";
import { addIncidentUpdate, createIncident, getIncidentOrThrow } from "@/lib/incidents/service";
import { CreateIncidentV3Input, IncidentUpdateV3Input } from "@/lib/incidents/v3-schema";
import { addIncidentUpdateV3, createIncidentV3 } from "@/lib/incidents/v3-service";
import { requireRole } from "@/lib/operators/roles";
import { operatorActor, type ConsoleActor } from "@/lib/operators/service";
import { consolePageComponents } from "./pages";

/** The fast path's form: the page, a name, an impact per component (by `impact.<id>`), a status, a message, notify. */
const FastIncidentForm = z.object({
  pageId: z.string().min(1, "Choose a page"),
  name: z.unknown(),
  status: z.unknown(),
  message: z.unknown(),
  notify: z.unknown().optional(),
});

/** v1 pages take one severity over the named services: the worst impact chosen. */
const SEVERITY = { MAJOR_OUTAGE: "MAJOR", PARTIAL_OUTAGE: "MEDIUM", DEGRADED_PERFORMANCE: "MINOR", UNDER_MAINTENANCE: "MINOR" } as const;
const RANK = ["UNDER_MAINTENANCE", "DEGRADED_PERFORMANCE", "PARTIAL_OUTAGE", "MAJOR_OUTAGE"] as const;

/**
 * Posts an incident in one step through the same verbs and zod schemas as the API (v3: createIncidentV3, v1:
 * createIncident), recorded as the operator's; the audit row carries what was posted.
 */
export async function postFastIncident(db: Db, actor: ConsoleActor, form: Record<string, unknown>): Promise<{ pageId: string; incidentId: string }> {
  requireRole(actor.role, "write");
  const base = FastIncidentForm.safeParse(form);
  if (!base.success) throw new ValidationError("Choose a page", { formFields: { pageId: "Choose a page" } });
  const { page, components } = await consolePageComponents(db, actor, base.data.pageId);
  const impacts = components
    .map((c) => ({ componentId: c.id, status: form[`impact.${c.id}`] ?? "OPERATIONAL" }))
    .filter((i) => i.status !== "OPERATIONAL");
  const update = { description: base.data.message, status: base.data.status, notifySubscribers: base.data.notify === "on" };
  const by = operatorActor(actor);
  let incidentId: string;
  if (page.version === 3) {
    const input = parse(CreateIncidentV3Input, { name: base.data.name, componentImpacts: impacts, incidentUpdates: [update] });
    incidentId = (await createIncidentV3(db, actor.accountId, page.id, { name: input.name, componentImpacts: input.componentImpacts ?? [], update: input.incidentUpdates[0] }, by)).incident.id;
  } else {
    const worst = impacts.reduce((w, i) => Math.max(w, RANK.indexOf(i.status as (typeof RANK)[number])), -1);
    if (worst < 0) throw new ValidationError("Choose an impact for at least one component", { formFields: { impacts: "Choose an impact for at least one component" } });
    const input = parse(CreateIncidentInput, { name: base.data.name, severity: SEVERITY[RANK[worst]], services: impacts.map((i) => ({ id: i.componentId })), incidentUpdates: [update] });
    incidentId = (await createIncident(db, actor.accountId, { name: input.name, severity: input.severity, serviceIds: input.services.map((s) => s.id), update: input.incidentUpdates[0] }, by)).incident.id;
  }
  await recordAudit(db, { accountId: actor.accountId, actor: by, action: "incident.create", entityType: "incident", entityId: incidentId, after: { pageId: page.id, name: base.data.name, impacts, update }, requestId: actor.requestId });
  return { pageId: page.id, incidentId };
}

/** An update (RESOLVED resolves) on an incident of the page, through the API's update verb and schema. */
export async function postIncidentUpdate(db: Db, actor: ConsoleActor, form: Record<string, unknown>): Promise<void> {
  requireRole(actor.role, "write");
  const { page } = await consolePageComponents(db, actor, String(form.pageId ?? ""));
  const incidentId = String(form.incidentId ?? "");
  const input = parse(IncidentUpdateV3Input, { description: form.message, status: form.status, notifySubscribers: form.notify === "on" });
  const by = operatorActor(actor);
  if (page.version === 3) await addIncidentUpdateV3(db, actor.accountId, page.id, incidentId, input, by);
  else {
    await getIncidentOrThrow(db, actor.accountId, incidentId);
    await addIncidentUpdate(db, actor.accountId, incidentId, input, by);
  }
  await recordAudit(db, { accountId: actor.accountId, actor: by, action: "incident.post-update", entityType: "incident", entityId: incidentId, after: input, requestId: actor.requestId });
}

/** The API schema's issues, named by the form's fields. */
function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const fields: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const path = issue.path.join(".");
    const field = /^(incidentUpdates\.0\.)?description/.test(path) ? "message" : /^(incidentUpdates\.0\.)?status/.test(path) ? "status" : path.startsWith("componentImpacts") || path.startsWith("services") ? "impacts" : path.split(".")[0];
    fields[field] ??= issue.message;
  }
  throw new ValidationError("Some fields need another look", { formFields: fields });
}
