import { env } from "@/lib/env";
import type { PageSnapshot } from "@/lib/public-page/load";
import { formatDateTime, pageTimeStyle } from "@/lib/time/format";
import { summaryFingerprint } from "@/lib/statuspage-compat/fingerprint";
import { toSpSummary } from "@/lib/statuspage-compat/project";
import { LiveRefreshClient } from "./live-refresh-client";

export interface LiveRefreshProps {
  /** the snapshot the page was rendered from */
  snapshot: PageSnapshot;
  /** path prefix of the page on this host: "/<slug>" on the primary host, "" on its custom domain */
  base: string;
}

/**
 * Keeps an open status page current: polls the page's summary.json and re-renders the page in place
 * when its status, incidents or maintenance changed. Without JavaScript it is a plain "Updated …" line.
 */
export function LiveRefresh({ snapshot, base }: LiveRefreshProps) {
  // The address only shapes links, which the fingerprint leaves out.
  const fingerprint = summaryFingerprint(toSpSummary(snapshot, { pageUrl: "http://localhost" }));
  return (
    <LiveRefreshClient
      jsonUrl={`${base}/api/v2/summary.json`}
      fingerprint={fingerprint}
      renderedAt={snapshot.generatedAt}
      renderedAtText={formatDateTime(snapshot.generatedAt, pageTimeStyle(snapshot.page))}
      intervalMs={env.HELIOGRAPH_LIVE_REFRESH_MS}
    />
  );
}
