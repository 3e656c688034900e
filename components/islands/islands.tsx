/**
 * The one script a statically rendered page loads (bundled by scripts/build.mjs); the page works without it.
 * Only these islands hydrate: the theme toggle, the freshness line (polls the page's JSON, swaps in changed
 * content), times in the visitor's zone, and the uptime bars' arrow keys and labels (fetched when reached).
 */
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { IntlProvider } from "use-intl";
import type { ReactNode } from "react";
import { ThemeProvider } from "@/components/theme/theme-provider";
import { ThemeToggle } from "@/components/theme/theme-toggle";
import { LiveRefreshClient, PAGE_CHANGED_EVENT, type LiveRefreshProps, type PageChanged } from "@/components/live/live-refresh-client";
import { moveBarFocus } from "@/components/uptime-bars/bar-keys";
import { barAt, daysAfter, focusBar } from "@/components/uptime-bars/bar-days";
import { labelBarsOnDemand } from "@/components/uptime-bars/bar-labels";
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
/** The JSON state the content was last fetched for: a page that lags its JSON is fetched once, not in a loop. */
let fetchedFor: string | null = null;
const SWAP_TIMEOUT_MS = 10_000;
const LAG_RETRIES = 5;
const LAG_RETRY_MS = 5_000;

const moduleSrc = (doc: Document) => doc.querySelector("script[type=module][src]")?.getAttribute("src");
const liveFingerprint = (root: ParentNode) => root.querySelector("[data-live-fingerprint]")?.getAttribute("data-live-fingerprint");

/** What names a place on the page across renders: an id, or the component or service a row is about. */
const ANCHORS = ["id", "data-component", "data-banner-incident"] as const;

interface FocusSpot {
  /** a selector for the focused element's nearest named ancestor (or itself) */
  anchor: string;
  /** child positions from the anchor down to the focused element */
  path: number[];
  tag: string;
  /** on an uptime bar: how many days before today it begins (its position changes when a run is split) */
  daysBack?: number;
}

/**
 * Where focus is inside `main`, by the nearest named ancestor and the way down from it: positions from `main` itself
 * would point elsewhere as soon as a section is added above (a new incident), which is when the content is swapped.
 */
function focusSpot(main: HTMLElement): FocusSpot | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === main || !main.contains(active)) return null;
  const path: number[] = [];
  for (let el: HTMLElement = active; el !== main; el = el.parentElement!) {
    const name = ANCHORS.find((a) => el.hasAttribute(a));
    if (name) {
      const bar = active.parentElement?.classList.contains("bars");
      // With its tag: a component's row (li) and the banner's mention of it (span) carry the same data-component.
      return { anchor: `${el.localName}[${name}="${CSS.escape(el.getAttribute(name)!)}"]`, path, tag: active.tagName, daysBack: bar ? daysAfter(active) : undefined };
    }
    path.unshift(Array.prototype.indexOf.call(el.parentElement!.children, el));
  }
  return null;
}

function refocus(main: HTMLElement, spot: FocusSpot | null): void {
  if (!spot) return;
  let el: Element | null | undefined = main.querySelector(spot.anchor);
  const last = spot.path.length - 1;
  spot.path.forEach((i, k) => {
    // A bar is found by its day, not its position: an incident on an earlier day splits a run into several elements.
    el = k === last && spot.daysBack !== undefined && el?.classList.contains("bars") ? barAt(el, spot.daysBack) : el?.children[i];
  });
  if (!(el instanceof HTMLElement) || el.tagName !== spot.tag) return;
  // A bar list's roving tab stop follows focus (components/uptime-bars/bar-keys.ts).
  if (el.parentElement?.classList.contains("bars")) focusBar(el, { preventScroll: true });
  else el.focus({ preventScroll: true });
}

/**
 * The page changed: fetch it again and swap the main content in place (what the App Router's refresh did).
 * Only a page of this build whose content differs is swapped in; a new build's page is loaded whole.
 */
async function swapContent(data: IslandPageData, change: PageChanged, attempt = 0): Promise<void> {
  if (swapping || change.fingerprint === fetchedFor) return;
  swapping = true;
  fetchedFor = change.fingerprint;
  try {
    // no-cache: the browser keeps the page with stale-while-revalidate, and would answer with what is on screen.
    const res = await fetch(location.href, { headers: { accept: "text/html" }, credentials: "same-origin", cache: "no-cache", signal: AbortSignal.timeout(SWAP_TIMEOUT_MS) });
    // Another page (a redirect after a rename), a locked page or an outage answer: leave this one as it is.
    if (!res.ok || res.redirected || !res.headers.get("content-type")?.startsWith("text/html")) return;
    const doc = new DOMParser().parseFromString(await res.text(), "text/html");
    if (moduleSrc(doc) !== moduleSrc(document)) return location.reload();
    const fresh = doc.getElementById("main");
    const main = document.getElementById("main");
    if (!fresh || !main) return;
    if (liveFingerprint(fresh) === liveFingerprint(main)) {
      // The page lags its JSON (a cached copy, a CDN): ask again a few times, less and less often, unless a newer change came.
      if (attempt < LAG_RETRIES) {
        setTimeout(() => {
          if (fetchedFor !== change.fingerprint) return;
          fetchedFor = null;
          void swapContent(data, change, attempt + 1);
        }, LAG_RETRY_MS * 2 ** attempt);
      }
      return;
    }
    const spot = focusSpot(main);
    for (const [el, root] of roots) {
      if (!main.contains(el)) continue;
      root.unmount();
      roots.delete(el);
    }
    main.replaceChildren(...Array.from(fresh.childNodes, (n) => document.importNode(n, true)));
    mount(main, data);
    refocus(main, spot);
  } catch {
    // Offline or timed out: the next change of the JSON tries again.
    fetchedFor = null;
  } finally {
    swapping = false;
  }
}

function start(): void {
  const json = document.getElementById(PAGE_DATA_ID)?.textContent;
  if (!json) return;
  const data = JSON.parse(json) as IslandPageData;
  document.addEventListener("keydown", moveBarFocus);
  labelBarsOnDemand();
  document.addEventListener(PAGE_CHANGED_EVENT, (e) => void swapContent(data, (e as CustomEvent<PageChanged>).detail));
  mount(document, data);
}

start();
