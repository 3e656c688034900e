import type { PageSnapshot } from "@/lib/public-page/load";
import type { Site } from "@/lib/public-page/site";
import { processSlot } from "@/lib/runtime/process-state";

/**
 * The status page is rendered to static markup with react-dom/server, outside the RSC pipeline (whose inline payload
 * doubled the page and whose render cost four times the page's own). react-dom/server cannot run in Next's server
 * layer, so the renderer lives in Heliograph's server bundle, and the page's route handler reaches it through this slot.
 */
export interface StaticPages {
  /** the whole document of the status page, as UTF-8 */
  home(site: Site, snap: PageSnapshot): Buffer<ArrayBuffer>;
  /** a private page the visitor has not unlocked, as UTF-8: the unlock form, nothing of the page */
  locked(site: Site, query: Record<string, string>): Buffer<ArrayBuffer>;
}

const slot = processSlot<StaticPages>("static-pages");

export function installStaticPages(pages: StaticPages): void {
  slot.set(pages);
}

export function staticPages(): StaticPages | undefined {
  return slot.get();
}
