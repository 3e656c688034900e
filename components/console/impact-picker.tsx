"use client";
import { useFieldError } from "./form";

const IMPACTS = [
  ["OPERATIONAL", "Operational"],
  ["DEGRADED_PERFORMANCE", "Degraded performance"],
  ["PARTIAL_OUTAGE", "Partial outage"],
  ["MAJOR_OUTAGE", "Major outage"],
  ["UNDER_MAINTENANCE", "Under maintenance"],
] as const;

/** One impact per component, each a labelled select (keyboard and screen-reader friendly, no script needed). */
export function ImpactPicker({ components }: { components: { id: string; name: string }[] }) {
  const error = useFieldError("impacts");
  return (
    <fieldset aria-describedby={error ? "impacts-e" : undefined}>
      <legend className="text-sm font-medium">Affected components</legend>
      {components.length === 0 ? <p className="text-sm">This page has no components yet.</p> : null}
      <div className="mt-1 space-y-2">
        {components.map((c) => (
          <div key={c.id} className="flex flex-wrap items-center justify-between gap-2 rounded border border-gray-300 px-3 py-2 dark:border-gray-700">
            <label htmlFor={`impact-${c.id}`} className="text-sm">{c.name}</label>
            <select id={`impact-${c.id}`} name={`impact.${c.id}`} defaultValue="OPERATIONAL" className="rounded border border-gray-400 bg-white px-2 py-1 text-gray-900 dark:bg-gray-900 dark:text-gray-100">
              {IMPACTS.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
            </select>
          </div>
        ))}
      </div>
      {error ? <p id="impacts-e" className="mt-1 text-sm text-red-800 dark:text-red-300">{error}</p> : null}
    </fieldset>
  );
}
