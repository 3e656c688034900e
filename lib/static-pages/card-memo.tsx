import { renderToString } from "react-dom/server";
import { CardBody } from "@/components/service-card/service-card";
import { FIGURE_AFTER_MINUTES } from "@/components/uptime-bars/uptime-bars";
import { barsHtml } from "@/lib/public-page/bars";
import { formatUptimeIn } from "@/lib/i18n";
import type { ComponentSnapshot, EntrySnapshot } from "@/lib/public-page/load";
import type { PageLocale } from "@/lib/time/locale";

/**
 * The inside of each card of a status page, kept across renders. A page's cards are most of its markup (200
 * components: ~330 KB of 480), and between two renders almost all of them are unchanged: re-rendering them with
 * React, and collecting the garbage that leaves, was half the render of a large page (issue 15). A card is kept
 * under everything it is drawn from, so a change to any of it (a status, a name, a day of its bars) is a new key
 * and the card is drawn afresh: nothing is ever invalidated, the least recently used cards go when the bound is
 * reached.
 */

/** Bytes of keys (UTF-16: two per character) and markup (UTF-8) kept, for all pages of the process together. */
const MAX_BYTES = 8 * 1024 * 1024;

/*
 * Kept as UTF-8 bytes, as the document is sent: the page is spliced together from them (lib/static-pages/render.tsx),
 * so an unchanged card is neither drawn nor encoded again, and holds half the memory a string would.
 */
const kept = new Map<string, Buffer>();
let bytes = 0;
const cost = (key: string, html: Buffer) => 2 * key.length + html.length;

/**
 * What a card is drawn from, as one string: the entry as the card shows it, the language and the bars' address
 * (`barsBase`: the page's address and language). Two fields are replaced by what the card makes of them, since
 * they move with the clock while the card stays the same: an uptime by its figure as written (99.05 %), and
 * every `days` list by its length, whether a full day of it was observed, and its bars (CardBody reads nothing
 * else of them: components/service-card), in the entry and each of its children. Any other field of an entry, read
 * or not, is in the key as it is.
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
    days: [days.length, days.reduce((n, d) => n + d.observedMinutes, 0) >= FIGURE_AFTER_MINUTES, barsHtml(days)],
  };
}

/** The cards' inner markup as UTF-8, in the entries' order. */
export function cardBodies(entries: readonly EntrySnapshot[], locale: PageLocale, barsHref: (componentId: string) => string): Buffer[] {
  // The address for an id no component has stands for all of them: it carries the page's base and language.
  const barsBase = barsHref("\u0000");
  return entries.map((entry) => {
    const key = keyOf(entry, locale, barsBase);
    const found = kept.get(key);
    if (found !== undefined) {
      // Most recently used last: Map keeps insertion order, so eviction takes the first.
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    const html = ownUtf8(renderToString(<CardBody entry={entry} barsHref={barsHref} locale={locale} />));
    const size = cost(key, html);
    if (size > MAX_BYTES / 8) return html;
    kept.set(key, html);
    bytes += size;
    for (const [k, v] of kept) {
      if (bytes <= MAX_BYTES) break;
      kept.delete(k);
      bytes -= cost(k, v);
    }
    return html;
  });
}

/** In memory of its own: a small Buffer.from is a view into an 8 KB pool slab, which a kept card would pin whole. */
function ownUtf8(text: string): Buffer {
  const out = Buffer.allocUnsafeSlow(Buffer.byteLength(text, "utf8"));
  out.write(text, "utf8");
  return out;
}

/** Cards kept and their bytes (tests). */
export const cardMemoSize = () => ({ entries: kept.size, bytes });
