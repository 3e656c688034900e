/**
 * The one script a statically rendered page loads (lib/static-pages; bundled for the browser by
 * scripts/build-server.mjs). The page is complete and usable without it; it brings three things to life:
 * the theme toggle (next-themes), the freshness line that polls the page's JSON (swr) and swaps the page's
 * content when it changed, and times in the visitor's zone; plus the uptime bars' arrow keys.
 * Only these islands hydrate: the rest of the page is markup the browser never re-renders.
 */
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { IntlProvider } from "use-intl";
import type { ReactNode } from "react";
import { ThemeProvider } from "@/components/theme/theme-provider";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { LiveRefreshClient, PAGE_CHANGED_EVENT, type LiveRefreshProps } from "@/components/live/live-refresh-client";
import { moveBarFocus } from "@/components/uptime-bars/bar-keys";
import { localizeTimes } from "./local-times";
import { PAGE_DATA_ID, type IslandPageData } from "./page-data";

const roots = new Map<Element, Root>();

function words(data: IslandPageData, children: ReactNode) {
  return (
    <IntlProvider locale={data.locale} messages={data.messages} timeZone="UTC">
      {children}
    </IntlProvider>
  );
}

/** Brings every island under `scope` to life (once each). */
function mount(scope: ParentNode, data: IslandPageData): void {
  for (const el of scope.querySelectorAll<HTMLElement>("[data-island]")) {
    if (roots.has(el)) continue;
    if (el.dataset.island === "theme-toggle") {
      // Rendered afresh rather than hydrated: on the server the toggle sits below the page-wide ThemeProvider,
      // here it has one of its own, so the trees differ. The server's copy is hidden until the theme is known.
      const root = createRoot(el);
      root.render(
        <ThemeProvider storageKey={data.storageKey} defaultTheme={data.defaultTheme}>
          {words(data, <ThemeToggle />)}
        </ThemeProvider>,
      );
      roots.set(el, root);
    } else if (el.dataset.island === "live-refresh" && el.dataset.props) {
      const props = JSON.parse(el.dataset.props) as LiveRefreshProps;
      roots.set(el, hydrateRoot(el, words(data, <LiveRefreshClient {...props} />)));
    }
  }
  localizeTimes(scope, { zone: data.zone, locale: data.locale });
}

let swapping = false;

/** The page changed: fetch it again and swap the main content in place (what the App Router's refresh did). */
async function swapContent(data: IslandPageData): Promise<void> {
  if (swapping) return;
  swapping = true;
  try {
    const res = await fetch(location.href, { headers: { accept: "text/html" }, credentials: "same-origin" });
    if (!res.ok) return;
    const fresh = new DOMParser().parseFromString(await res.text(), "text/html").getElementById("main");
    const main = document.getElementById("main");
    if (!fresh || !main) return;
    for (const [el, root] of roots) {
      if (!main.contains(el)) continue;
      root.unmount();
      roots.delete(el);
    }
    main.replaceChildren(...Array.from(fresh.childNodes, (n) => document.importNode(n, true)));
    mount(main, data);
  } finally {
    swapping = false;
  }
}

function start(): void {
  const json = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!json) return;
  const data = JSON.parse(json) as IslandPageData;
  document.addEventListener("keydown", moveBarFocus);
  document.addEventListener(PAGE_CHANGED_EVENT, () => void swapContent(data));
  mount(document, data);
}

start();
