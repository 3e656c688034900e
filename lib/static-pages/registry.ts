import type { PageSnapshot } from "@/lib/public-page/load";
import type { Site } from "@/lib/public-page/site";
import { processSlot } from "@/lib/runtime/process-state";

/**
 * The status page (/<slug>) is rendered to static markup with react-dom/server, outside the App Router's RSC
 * pipeline (issue 15: the inline RSC payload doubled the page, and its render cost four times the page's own
 * work). react-dom/server cannot run inside Next's server layer, so the renderer lives in Heliograph's own
 * server bundle (lib/front-cache/server.ts installs it before Next loads) and the page's route handler, which
 * keeps proxy.ts's routing, access checks and cache headers, reaches it through this process-wide slot.
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
