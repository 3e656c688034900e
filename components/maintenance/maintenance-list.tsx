import type { MaintenanceOccurrence } from "@/lib/public-page/view";
import { LocalTime } from "@/components/time/local-time";
import { StatusIcon } from "@/components/status/status-icon";

function affected(m: MaintenanceOccurrence, names: ReadonlyMap<string, string>): string | null {
  if (!m.showAffectedServices) return null;
  if (m.serviceIds === "ALL") return "All services";
  const list = m.serviceIds.map((id) => names.get(id)).filter((n): n is string => !!n);
  return list.length ? list.join(", ") : null;
}

/** Maintenance windows (in progress, upcoming or completed), with affected services when the operator shows them. */
export function MaintenanceList({ items, names, state }: { items: MaintenanceOccurrence[]; names: ReadonlyMap<string, string>; state: "active" | "upcoming" | "completed" }) {
  return (
    <>
      {items.map((m) => {
        const services = affected(m, names);
        return (
          <article key={`${m.id}-${m.startsAt}`} className="panel incident-active s-UNDER_MAINTENANCE" data-maintenance={m.id} data-state={state}>
            <h3>
              <StatusIcon status="UNDER_MAINTENANCE" /> {m.name}
              <span className="pill">{state === "active" ? "In progress" : state === "upcoming" ? "Scheduled" : "Completed"}</span>
            </h3>
            <p className="meta" style={{ margin: ".25rem 0" }}>
              <LocalTime ms={m.startsAt} /> – <LocalTime ms={m.endsAt} />
            </p>
            {services && <p className="meta" style={{ margin: 0 }}>Affected: {services}</p>}
            {m.description && <p style={{ margin: ".35rem 0 0" }}>{m.description}</p>}
          </article>
        );
      })}
    </>
  );
}
