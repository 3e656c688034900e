import type { SpSummaryResponse } from "./schema";

/**
 * A short hash of what a summary shows (status, component statuses, open incidents, maintenance),
 * leaving out `page.updated_at`. Computed on the server for the rendered page and in the browser for
 * each poll, so an open tab refreshes only when something visible changed.
 */
export function summaryFingerprint(s: Pick<SpSummaryResponse, "status" | "components" | "incidents" | "scheduled_maintenances">): string {
  const parts = [
    `${s.status.indicator}|${s.status.description}`,
    ...s.components.map((c) => `c:${c.id}:${c.status}`),
    ...s.incidents.map((i) => `i:${i.id}:${i.status}:${i.updated_at}:${i.incident_updates.length}`),
    ...s.scheduled_maintenances.map((m) => `m:${m.id}:${m.status}:${m.updated_at}`),
  ];
  // FNV-1a, 32 bit: no dependency, same result in Node and every browser.
  let h = 0x811c9dc5;
  const text = parts.join("\n");
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `${h.toString(16).padStart(8, "0")}-${parts.length}`;
}
