import type { PageSnapshot } from "@/lib/public-page/load";
import { StatusText } from "@/components/status/status-text";
import { UptimeBars, UptimeFigure } from "@/components/uptime-bars/uptime-bars";

type CardSnapshot = PageSnapshot["cards"][number];

/** A card: its services in order, each with current status, 90-day uptime and daily bars. */
export function ServiceCard({ card, incidentNames }: { card: CardSnapshot; incidentNames: ReadonlyMap<string, string> }) {
  const headingId = `card-${card.id}`;
  return (
    <section className="card" aria-labelledby={headingId} data-card={card.id}>
      <div className="card-head">
        <h3 id={headingId}>{card.name}</h3>
        <span>
          <StatusText status={card.status} /> · <UptimeFigure value={card.uptime} label={`for ${card.name} over 90 days`} />
        </span>
      </div>
      <ul className="services">
        {card.services.map((s) => (
          <li key={s.id} className="service" data-service={s.id}>
            <div className="service-row">
              <h4 className="service-name">{s.name}</h4>
              <span>
                <StatusText status={s.status} /> · <UptimeFigure value={s.uptime} label={`for ${s.name} over 90 days`} />
              </span>
            </div>
            <UptimeBars serviceName={s.name} days={s.days} incidentNames={incidentNames} />
          </li>
        ))}
      </ul>
    </section>
  );
}
