import { renderToString } from "react-dom/server";
import { IncidentLine } from "@/components/incident/incident-parts";
import { PageTimeProvider } from "@/components/time/page-time";
import type { IncidentView } from "@/lib/incidents/types";
import { hasComponentImpacts } from "@/lib/public-page/view";
import type { TimeStyle } from "@/lib/time/format";
import type { PageLocale } from "@/lib/time/locale";
import { FragmentMemo } from "./fragment-memo";

/**
 * The lines of a status page's past incidents, kept across renders (./fragment-memo.ts): a busy page lists
 * hundreds (2,000 incidents over 90 days: ~300 in the last fourteen days), and a write changes one of them.
 */
const memo = new FragmentMemo(2 * 1024 * 1024);

export interface LineContext {
  base: string;
  locale: PageLocale;
  /** the visitor's ?lang= kept in links, null when it is the page's own */
  lang: PageLocale | null;
  /** the page's zone and locale, which its times are written in (components/time/local-time) */
  time: TimeStyle;
}

/**
 * What IncidentLine draws a line from (components/incident/incident-parts): the incident's own row, its affected
 * components, and whether it is a v3 incident; not its updates, services or impact windows, which change without
 * changing the line (a new update changes the row's last_update_status and updated_at).
 */
const keyOf = (view: IncidentView, c: LineContext) => JSON.stringify([c.locale, c.lang, c.base, c.time.zone, c.time.locale, view.incident, hasComponentImpacts(view), view.components]);

/** A past incident's line as UTF-8, kept or drawn. */
export function incidentLine(view: IncidentView, c: LineContext): Buffer {
  return memo.get(keyOf(view, c), () =>
    renderToString(
      <PageTimeProvider {...c.time}>
        <IncidentLine view={view} base={c.base} locale={c.locale} lang={c.lang} />
      </PageTimeProvider>,
    ),
  );
}

/** Lines kept and their bytes (tests). */
export const lineMemoSize = () => memo.size();
