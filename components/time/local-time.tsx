"use client";

import { useEffect, useState } from "react";
import { formatDate, formatDateTime } from "@/lib/time/format";
import { usePageTime } from "./page-time";

/**
 * A timestamp: the server writes it in the page's zone with the zone's abbreviation (what visitors without
 * JavaScript read); in the browser it switches to the visitor's own zone, again naming it, and keeps the
 * page's time on hover.
 */
export function LocalTime({ ms, dateOnly = false }: { ms: number; dateOnly?: boolean }) {
  const page = usePageTime();
  const onPage = formatDateTime(ms, page);
  const [text, setText] = useState(dateOnly ? formatDate(ms, page) : onPage);
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!zone || zone === page.zone) return;
    const visitor = { zone, locale: page.locale };
    // Formatting in an effect (not during render) keeps the hydrated markup identical to the server's.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setText(dateOnly ? formatDate(ms, visitor) : formatDateTime(ms, visitor));
  }, [ms, dateOnly, page.zone, page.locale]);
  return (
    // data-local: statically rendered pages switch the zone without React (components/islands/local-times.ts).
    <time dateTime={new Date(ms).toISOString()} title={onPage} data-local={dateOnly ? "date" : "datetime"}>
      {text}
    </time>
  );
}
