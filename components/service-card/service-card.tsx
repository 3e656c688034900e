import type { ComponentSnapshot, EntrySnapshot } from "@/lib/public-page/load";
import type { DayUptime } from "@/lib/uptime";
import { StatusText } from "@/components/status/status-text";
import { UptimeBars, UptimeFigure } from "@/components/uptime-bars/uptime-bars";
import { translator } from "@/lib/i18n";
import type { PageLocale } from "@/lib/time/locale";

/** The address of a component's labelled bars (lib/public-page/component-bars.ts), in the page's language. */
type BarsHref = (componentId: string) => string;

/* Every word of the cards: lib/i18n messages, namespace `bars`. */

const observed = (days: DayUptime[]) => days.reduce((n, d) => n + d.observedMinutes, 0);

function Figure({ c, locale }: { c: ComponentSnapshot; locale: PageLocale }) {
  const label = translator(locale, "bars")("over", { name: c.name, count: c.days.length });
  return <UptimeFigure value={c.uptime} label={label} days={c.days.length} observedMinutes={observed(c.days)} locale={locale} />;
}

function Description({ text, className = "mt-1 mb-0" }: { text: string | null; className?: string }) {
  if (!text) return null;
  return <p className={`meta break-words ${className}`}>{text}</p>;
}

/** One component (v1: a service): name, description, status now, 90-day uptime and its daily bars. */
function ComponentRow({ component: c, barsHref, headingId, level, locale }: { component: ComponentSnapshot; barsHref: BarsHref; headingId?: string; level: 3 | 4; locale: PageLocale }) {
  const Heading = level === 3 ? "h3" : "h4";
  return (
    <>
      <div className="row-head">
        <Heading id={headingId} className="row-name">
          {c.name}
        </Heading>
        <span className="row-state">
          <StatusText status={c.status} locale={locale} />
          <Figure c={c} locale={locale} />
        </span>
      </div>
      <Description text={c.description} />
      <UptimeBars serviceName={c.name} days={c.days} src={barsHref(c.id)} locale={locale} />
    </>
  );
}

function Chevron() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false" className="size-4 flex-none text-muted transition-transform group-open:rotate-90 motion-reduce:transition-none">
      <path d="M7 4l6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const CARD = "card mb-4 min-w-0 rounded-lg border border-line bg-card";
// A page of 200 components repeats these: one class each (globals.css) rather than ten utilities.
const ROW = "service";

/**
 * A top-level entry of the page. A group is a native disclosure, open by default, its summary carrying name, worst
 * status and mean uptime: it reads and toggles without JavaScript. A component outside any group is its own card.
 * `html`: the card's inside, kept across renders by lib/static-pages/card-memo.tsx; rendered here when absent.
 */
export function ServiceCard({ entry, barsHref, locale = "en", html }: { entry: EntrySnapshot; barsHref: BarsHref; locale?: PageLocale; html?: string }) {
  const inside = html === undefined ? { children: <CardBody entry={entry} barsHref={barsHref} locale={locale} /> } : { dangerouslySetInnerHTML: { __html: html } };
  return entry.kind === "component" ? (
    <section className={CARD} aria-labelledby={`card-${entry.id}`} data-component={entry.id} data-kind="component" {...inside} />
  ) : (
    <section className={CARD} aria-labelledby={`card-${entry.id}`} data-card={entry.id} data-component={entry.id} data-kind="group" {...inside} />
  );
}

/**
 * Everything inside a card's <section>: a function of the entry, the page's language and its bars' address only.
 * Also rendered on its own, outside the page's tree, and kept (lib/static-pages/card-memo.tsx): it may read no React
 * context, and of a `days` list only what that module's key holds.
 */
export function CardBody({ entry, barsHref, locale = "en" }: { entry: EntrySnapshot; barsHref: BarsHref; locale?: PageLocale }) {
  const headingId = `card-${entry.id}`;
  if (entry.kind === "component") {
    return (
      <ul className="services m-0 list-none p-0">
        <li className={ROW}>
          <ComponentRow component={entry} barsHref={barsHref} headingId={headingId} level={3} locale={locale} />
        </li>
      </ul>
    );
  }
  return (
    <details open className="group" data-group={entry.id}>
      {/* The summary's own border would double the card's while the group is closed. */}
      <summary className="card-head flex cursor-pointer list-none flex-wrap items-baseline justify-between gap-x-3 gap-y-1 border-b border-line px-4 py-3.5 sm:px-5 [&::-webkit-details-marker]:hidden [details:not([open])>&]:border-b-0!">
        <h3 id={headingId} className="m-0 flex min-w-0 items-center gap-2 text-[1.05rem] font-bold break-words text-title">
          <Chevron />
          <span className="min-w-0">{entry.name}</span>
        </h3>
        <span className="row-state">
          <StatusText status={entry.status} locale={locale} />
          <Figure c={entry} locale={locale} />
        </span>
      </summary>
      <Description text={entry.description} className="m-0 border-b border-line px-4 py-2 sm:px-5" />
      {entry.children.length === 0 ? (
        <p className="muted m-0 px-4 py-3 sm:px-5">{translator(locale, "bars")("emptyGroup")}</p>
      ) : (
        <ul className="services m-0 list-none p-0">
          {entry.children.map((c) => (
            <li key={c.id} className={ROW} data-component={c.id}>
              <ComponentRow component={c} barsHref={barsHref} level={4} locale={locale} />
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
