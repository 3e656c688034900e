import { renderToString } from "react-dom/server";
import { CardBody } from "@/components/service-card/service-card";
import { FIGURE_AFTER_MINUTES } from "@/components/uptime-bars/uptime-bars";
import { barsKey } from "@/lib/public-page/bars";
import { formatUptimeIn } from "@/lib/i18n";
import type { ComponentSnapshot, EntrySnapshot } from "@/lib/public-page/load";
import type { PageLocale } from "@/lib/time/locale";
import { FragmentMemo } from "./fragment-memo";

/**
 * The inside of each card of a status page, kept across renders (./fragment-memo.ts). A page's cards are most of
 * its markup (200 components: ~330 KB of 480).
 */
const memo = new FragmentMemo(8 * 1024 * 1024);

/**
 * What a card is drawn from, as one string: the entry as shown, the language and `barsBase`. Fields that move with the
 * clock while the card stays the same are replaced by what the card makes of them: an uptime by its figure as written,
 * each `days` list (entry and children) by its length, whether a full day was observed and its barsKey; the rest as is.
 */
function keyOf(entry: EntrySnapshot, locale: PageLocale, barsBase: string): string {
  // Projected first and stringified without a replacer: V8's JSON fast path (a replacer calls back for every value).
  return JSON.stringify([locale, barsBase, { ...asShown(entry, locale), children: entry.children.map((c) => asShown(c, locale)) }]);
}

function asShown(c: ComponentSnapshot, locale: PageLocale): object {
  const { days } = c;
  return {
    ...c,
    uptime: c.uptime === null ? null : formatUptimeIn(c.uptime, locale),
    days: [days.length, days.reduce((n, d) => n + d.observedMinutes, 0) >= FIGURE_AFTER_MINUTES, barsKey(days)],
  };
}

/** The cards' inner markup as UTF-8, in the entries' order. */
export function cardBodies(entries: readonly EntrySnapshot[], locale: PageLocale, barsHref: (componentId: string) => string): Buffer[] {
  // The address for an id no component has stands for all of them: it carries the page's base and language.
  const barsBase = barsHref("\u0000");
  return entries.map((entry) => memo.get(keyOf(entry, locale, barsBase), () => renderToString(<CardBody entry={entry} barsHref={barsHref} locale={locale} />)));
}

/** Cards kept and their bytes (tests). */
export const cardMemoSize = () => memo.size();
