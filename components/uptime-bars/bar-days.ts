/**
 * Where an uptime bar element sits in time: a run of quiet days is one element `--n` days wide
 * (lib/public-page/bars.ts), so an element's position says nothing about its day; these count days instead.
 */

/** Days an element covers. */
export const daysOf = (el: Element) => Number((el as HTMLElement).style.getPropertyValue("--n")) || 1;

/** The days after `el` in its list, today's included: the bars end with today. */
export function daysAfter(el: Element): number {
  let days = 0;
  for (let next = el.nextElementSibling; next; next = next.nextElementSibling) days += daysOf(next);
  return days;
}

/** The element of a bar list that covers the day `daysBack` days before today. */
export function barAt(list: Element, daysBack: number): Element | undefined {
  let days = 0;
  for (let el = list.lastElementChild; el; el = el.previousElementSibling) {
    days += daysOf(el);
    if (days > daysBack) return el;
  }
  return undefined;
}

/** Gives `el` its list's one tab stop (the roving focus of components/uptime-bars/bar-keys.ts) and focuses it. */
export function focusBar(el: HTMLElement, opts?: FocusOptions): void {
  for (const b of Array.from(el.parentElement?.children ?? []) as HTMLElement[]) b.tabIndex = b === el ? 0 : -1;
  el.focus(opts);
}
