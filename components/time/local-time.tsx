"use client";

import { useEffect, useState } from "react";
import { formatUtc } from "@/lib/public-page/view";

/**
 * A timestamp: the server writes UTC (readable without JavaScript); in the browser it switches to
 * the visitor's own zone, with the UTC time kept on hover.
 */
export function LocalTime({ ms, dateOnly = false }: { ms: number; dateOnly?: boolean }) {
  const utc = formatUtc(ms);
  const [text, setText] = useState(dateOnly ? utc.split(",")[0] : utc);
  useEffect(() => {
    const opts: Intl.DateTimeFormatOptions = dateOnly
      ? { day: "numeric", month: "short", year: "numeric" }
      : { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", timeZoneName: "short" };
    // Formatting in an effect (not during render) keeps the hydrated markup identical to the server's.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setText(new Intl.DateTimeFormat(undefined, opts).format(new Date(ms)));
  }, [ms, dateOnly]);
  return (
    <time dateTime={new Date(ms).toISOString()} title={utc}>
      {text}
    </time>
  );
}
