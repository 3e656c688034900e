import "server-only";
import type { Db } from "@/lib/db";
import { findComponentsOfPage, sharePageComponents } from "@/lib/components/queries";
import { invalidFields, type FieldIssue } from "@/lib/http/validate";
import type { ImpactWindowInput } from "./types";

/* What impact windows on a page's components must satisfy: 400s naming componentImpacts.N.<field>. */

type Issue = FieldIssue;
export const invalid = (issues: Issue[]) => invalidFields(issues);

export function assertDistinctComponents(impacts: readonly { componentId: string }[]): void {
  const seen = new Set<string>();
  const issues: Issue[] = [];
  impacts.forEach((c, i) => {
    if (seen.has(c.componentId)) issues.push({ path: `componentImpacts.${i}.componentId`, message: "names a component already listed" });
    seen.add(c.componentId);
  });
  if (issues.length > 0) throw invalid(issues);
}

/** Impacts name SERVICE components of this page: a group shows the worst of its children, so it has no impact of its own. */
export async function requireImpactComponents(trx: Db, pageId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  // After any type change in progress on the page, and before the next: a component cannot turn into a GROUP under an impact.
  await sharePageComponents(trx, pageId);
  const found = new Map((await findComponentsOfPage(trx, pageId, [...new Set(ids)])).map((c) => [c.id, c]));
  const issues: Issue[] = [];
  ids.forEach((id, i) => {
    const c = found.get(id);
    const path = `componentImpacts.${i}.componentId`;
    if (!c) issues.push({ path, message: "must be a component of this status page" });
    else if (c.type !== "SERVICE") issues.push({ path, message: "must be a SERVICE component: a group shows the worst of its children" });
  });
  if (issues.length > 0) throw invalid(issues);
}

/** A replaced history must make sense on its own: ordered ends, open windows only while unresolved, no overlaps per component. */
export function checkWindows(windows: readonly ImpactWindowInput[], resolvedAt: number | null, now: number): void {
  const issues: Issue[] = [];
  windows.forEach((w, i) => {
    if (w.endedAt !== null && w.endedAt < w.startedAt) issues.push({ path: `componentImpacts.${i}.endedAt`, message: "must not be before startedAt" });
    // An end still to come would outlast a sooner resolution (the page in outage with no incident open): null until it ends.
    if (w.endedAt !== null && resolvedAt === null && w.endedAt > now) issues.push({ path: `componentImpacts.${i}.endedAt`, message: "must not be after now while the incident is open (null keeps the window open)" });
    if (w.endedAt === null && resolvedAt !== null) issues.push({ path: `componentImpacts.${i}.endedAt`, message: "must be set: the incident is resolved, so no window can stay open" });
    // A window lasting past the resolution would keep the component in outage on the page after the incident ended.
    else if (w.endedAt !== null && resolvedAt !== null && w.endedAt > resolvedAt) issues.push({ path: `componentImpacts.${i}.endedAt`, message: "must not be after the incident was resolved" });
  });
  if (issues.length > 0) throw invalid(issues);
  const byComponent = new Map<string, { w: ImpactWindowInput; i: number }[]>();
  windows.forEach((w, i) => byComponent.set(w.componentId, [...(byComponent.get(w.componentId) ?? []), { w, i }]));
  for (const list of byComponent.values()) {
    list.sort((a, b) => a.w.startedAt - b.w.startedAt || (a.w.endedAt ?? Infinity) - (b.w.endedAt ?? Infinity));
    for (let k = 1; k < list.length; k++) {
      const prev = list[k - 1].w;
      if (prev.endedAt === null || list[k].w.startedAt < prev.endedAt) {
        issues.push({ path: `componentImpacts.${list[k].i}.startedAt`, message: "overlaps another window of the same component" });
      }
    }
  }
  if (issues.length > 0) throw invalid(issues);
}
