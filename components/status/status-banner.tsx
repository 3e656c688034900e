import type { ReactNode } from "react";
import { pageBannerText, statusLabel } from "@/lib/status/labels";
import type { ServiceStatus } from "@/lib/status";
import { StatusIcon } from "./status-icon";
import { translator } from "@/lib/i18n";
import type { PageLocale } from "@/lib/time/locale";
import { withLang } from "@/lib/i18n/links";


export interface BannerIncident {
  id: string;
  name: string;
  /** "Investigating", "Monitoring", … */
  state: string;
}

/**
 * The one-glance answer, loud when it matters: the whole banner takes the colour of the worst status,
 * names the components that are not operational and links to each open incident. Text is drawn in the
 * card colour, which every status colour is checked against (tests/unit/theme/contrast.test.ts).
 */
export function StatusBanner({
  status,
  affected = [],
  incidents = [],
  base = "",
  locale = "en",
  lang = null,
  children,
}: {
  status: ServiceStatus;
  affected?: { id: string; name: string; status: ServiceStatus }[];
  incidents?: BannerIncident[];
  base?: string;
  /** the page's locale, or the visitor's ?lang */
  locale?: PageLocale;
  /** the ?lang= incident links keep (lib/i18n/links.ts), null when it is the page's own */
  lang?: PageLocale | null;
  /** the freshness line (LiveRefresh) */
  children?: ReactNode;
}) {
  const t = translator(locale, "banner");
  return (
    <section
      className={`banner s-${status} my-4 rounded-lg bg-status px-4 py-3.5 text-card [--hg-ring:var(--hg-card)] sm:px-5 [&_a]:text-card [&_a]:underline`}
      aria-labelledby="overall-status"
      data-status={status}
    >
      <div className="flex items-center gap-3">
        <StatusIcon status={status} inverse className="size-8" />
        <h2 id="overall-status" className="m-0 text-xl leading-tight font-bold sm:text-2xl">
          {pageBannerText(status, locale)}
        </h2>
      </div>
      {affected.length > 0 && (
        <p className="mt-2 mb-0 break-words" data-banner-affected>
          {t("affected")}{" "}
          {affected.map((c, i) => (
            <span key={c.id} data-component={c.id} data-status={c.status}>
              {i > 0 && ", "}
              <strong>{c.name}</strong> — {statusLabel(c.status, locale)}
            </span>
          ))}
        </p>
      )}
      {incidents.length > 0 && (
        <ul className="mt-1.5 mb-0 list-none p-0" aria-label={t("incidents")}>
          {incidents.map((v) => (
            <li key={v.id} className="break-words" data-banner-incident={v.id}>
              <a href={withLang(`${base}/incidents/${v.id}`, lang)} className="font-semibold">
                {v.name}
              </a>{" "}
              · {v.state}
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
