import { barAt, daysAfter, focusBar } from "./bar-days";

/**
 * The page carries its uptime bars' colours only; what each day was (uptime, downtime, incidents) is the
 * labelled copy of the same elements at the list's `data-src` (lib/public-page/component-bars.ts), fetched when
 * a visitor's pointer or focus reaches the component, and swapped in. Focus stays on the same day.
 */
const SELECTOR = "ol.bars[data-src]";
const TIMEOUT_MS = 10_000;
/** After a failed fetch, the bars wait this long before the next visit asks again (pointer events come by the dozen). */
const RETRY_MS = 30_000;
const failedAt = new WeakMap<HTMLOListElement, number>();

async function label(list: HTMLOListElement): Promise<void> {
  if (list.dataset.labels || Date.now() - (failedAt.get(list) ?? -Infinity) < RETRY_MS) return;
  list.dataset.labels = "loading";
  try {
    // no-cache: the browser may hold an older copy (stale-while-revalidate) whose days no longer match the list's.
    const res = await fetch(list.dataset.src!, { credentials: "same-origin", cache: "no-cache", signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!res.ok || !res.headers.get("content-type")?.startsWith("text/html")) throw new Error(`bars: ${res.status}`);
    const html = await res.text();
    // The list may have been swapped out by a live refresh meanwhile: then its successor asks for itself.
    if (!list.isConnected) return;
    const active = document.activeElement;
    const daysBack = active?.parentElement === list ? daysAfter(active) : undefined;
    list.innerHTML = html;
    list.dataset.labels = "done";
    const bar = daysBack === undefined ? undefined : barAt(list, daysBack);
    if (bar instanceof HTMLElement) focusBar(bar, { preventScroll: true });
  } catch {
    // Offline, or a private page locked meanwhile: a later visit to the bars tries again.
    failedAt.set(list, Date.now());
    delete list.dataset.labels;
  }
}

/** The bars of the component row an event happened in (its whole row, so the fetch starts before a bar is reached). */
function barsOf(target: EventTarget | null): HTMLOListElement | null {
  const el = target instanceof Element ? target : null;
  return (el?.closest("[data-component]")?.querySelector<HTMLOListElement>(SELECTOR) ?? el?.closest<HTMLOListElement>(SELECTOR)) || null;
}

/** Labels each component's bars on the first pointer or focus that reaches its row (for the whole document, once). */
export function labelBarsOnDemand(): void {
  const reach = (e: Event) => {
    const list = barsOf(e.target);
    if (list) void label(list);
  };
  document.addEventListener("pointerover", reach, { passive: true });
  document.addEventListener("focusin", reach);
}
