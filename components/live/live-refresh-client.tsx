"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import useSWR from "swr";
import { summaryFingerprint } from "@/lib/statuspage-compat/fingerprint";
import type { SpSummaryResponse } from "@/lib/statuspage-compat/schema";

export interface LiveRefreshProps {
  /** the page's summary.json, relative to the current host ("/acme/api/v2/summary.json" or "/api/v2/summary.json") */
  jsonUrl: string;
  /** summaryFingerprint of what the server rendered */
  fingerprint: string;
  /** when the server rendered it (epoch ms) */
  renderedAt: number;
  /** "22 Nov 2026, 10:00 UTC": shown until the first tick, and as is without JavaScript */
  renderedAtText: string;
  intervalMs: number;
}

/** Every word of the freshness line, in one place. */
/* The line's words: lib/i18n messages, namespace `client` (components/i18n/client-messages.tsx). */

async function fetchSummary(url: string): Promise<SpSummaryResponse> {
  const res = await fetch(url, {
    headers: { accept: "application/json" },
    credentials: "same-origin",
  });
  if (!res.ok) throw new Error(`status ${res.status}`);
  return res.json();
}

export function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 5) return "just now";
  if (s < 60) return `${s} seconds ago`;
  const m = Math.floor(s / 60);
  if (m < 60) return m === 1 ? "1 minute ago" : `${m} minutes ago`;
  const h = Math.floor(m / 60);
  return h === 1 ? "1 hour ago" : `${h} hours ago`;
}

/** ago() in the page's language: the same steps, with ICU plurals. */
function agoIn(
  ms: number,
  t: ReturnType<typeof useTranslations<"client">>,
): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 5) return t("justNow");
  if (s < 60) return t("secondsAgo", { count: s });
  const m = Math.floor(s / 60);
  if (m < 60) return t("minutesAgo", { count: m });
  return t("hoursAgo", { count: Math.floor(m / 60) });
}

/** Announced on the document when the page's JSON says the page changed (components/islands swaps the content). */
export const PAGE_CHANGED_EVENT = "heliograph:page-changed";
/** The event's detail: the fingerprint of what the JSON now shows, so the page is fetched once per change. */
export interface PageChanged {
  fingerprint: string;
}

/**
 * Polls the page's JSON (every `intervalMs`, and on tab focus); on a change it fires PAGE_CHANGED_EVENT and the
 * islands script swaps in the page's new content, so it updates without a reload and the server's markup stays
 * the one truth.
 */
export function LiveRefreshClient({
  jsonUrl,
  fingerprint,
  renderedAt,
  renderedAtText,
  intervalMs,
}: LiveRefreshProps) {
  const t = useTranslations("client");
  const asked = useRef<string | null>(null);
  const [checkedAt, setCheckedAt] = useState(renderedAt);
  const [now, setNow] = useState<number | null>(null);
  const { data, error } = useSWR(jsonUrl, fetchSummary, {
    refreshInterval: intervalMs,
    revalidateOnFocus: true,
    // Checked once on load: cached HTML can be a few seconds old, and "Updated 1 minute ago" on arrival reads stale.
    revalidateOnMount: true,
    focusThrottleInterval: Math.min(5000, intervalMs),
    dedupingInterval: Math.min(2000, intervalMs),
    onSuccess: () => setCheckedAt(Date.now()),
  });

  useEffect(() => {
    if (!data) return;
    const seen = summaryFingerprint(data);
    if (seen !== fingerprint && seen !== asked.current) {
      asked.current = seen;
      document.dispatchEvent(new CustomEvent<PageChanged>(PAGE_CHANGED_EVENT, { detail: { fingerprint: seen } }));
    }
  }, [data, fingerprint]);

  useEffect(() => {
    const tick = () => setNow(Date.now());
    tick();
    const id = setInterval(tick, 1000);
    return () => clearInterval(id);
  }, []);

  const text =
    now === null
      ? `${t("updated")} ${renderedAtText}`
      : `${t("updated")} ${agoIn(now - checkedAt, t)}`;
  return (
    <p
      className="live-refresh mt-1.5 mb-0 text-sm"
      data-live-fingerprint={fingerprint}
    >
      <time dateTime={new Date(checkedAt).toISOString()}>{text}</time>
      {error ? <span> · {t("paused")}</span> : null}
    </p>
  );
}
