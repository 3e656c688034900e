/** Roving focus for every uptime bar list on the page: ←/→ move a day, Home/End jump to the ends of what is shown. */
export function moveBarFocus(e: KeyboardEvent): void {
  const bar = (e.target as HTMLElement | null)?.closest?.(".bars > li");
  if (!bar?.parentElement) return;
  // Narrow screens hide the oldest days (CSS): only the bars on screen take part.
  const bars = (Array.from(bar.parentElement.children) as HTMLElement[]).filter((b) => b.getClientRects().length > 0);
  const i = bars.indexOf(bar as HTMLElement);
  const next = { ArrowLeft: i - 1, ArrowRight: i + 1, Home: 0, End: bars.length - 1 }[e.key];
  if (next === undefined || next < 0 || next >= bars.length) return;
  e.preventDefault();
  for (const b of bars) b.tabIndex = -1;
  bars[next].tabIndex = 0;
  bars[next].focus();
}
