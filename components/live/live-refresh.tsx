import { env } from "@/lib/env";
import type { PageSnapshot } from "@/lib/public-page/load";
import { formatDateTime, pageTimeStyle } from "@/lib/time/format";
import { summaryFingerprint } from "@/lib/statuspage-compat/fingerprint";
import { toSpSummary } from "@/lib/statuspage-compat/project";
import { LiveRefreshClient, type LiveRefreshProps as ClientProps } from "./live-refresh-client";

export interface LiveRefreshProps {
  /** the snapshot the page was rendered from */
  snapshot: PageSnapshot;
  /** path prefix of the page on this host: "/<slug>" on the primary host, "" on its custom domain */
  base: string;
}

/**
 * Keeps an open status page current: polls the page's summary.json and replaces the page's content in place
 * when its status, incidents or maintenance changed. Without JavaScript it is a plain "Updated …" line.
 * An island (components/islands): the browser hydrates it from the props written beside it.
 */
export function LiveRefresh({ snapshot, base }: LiveRefreshProps) {
  // The address only shapes links, which the fingerprint leaves out.
  const props: ClientProps = {
    jsonUrl: `${base}/api/v2/summary.json`,
    fingerprint: summaryFingerprint(toSpSummary(snapshot, { pageUrl: "http://localhost" })),
    renderedAt: snapshot.generatedAt,
    renderedAtText: formatDateTime(snapshot.generatedAt, pageTimeStyle(snapshot.page)),
    intervalMs: env.HELIOGRAPH_LIVE_REFRESH_MS,
  };
  return (
    <div data-island="live-refresh" data-props={JSON.stringify(props)}>
      <LiveRefreshClient {...props} />
    </div>
  );
}
