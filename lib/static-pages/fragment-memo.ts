/**
 * Parts of a status page kept across renders as UTF-8 (cards, past incidents' lines): between renders almost all are
 * unchanged, and drawing them again with React, then collecting the garbage, was most of a large page's render. Keyed
 * by all a part is drawn from, so nothing is invalidated; least recently used go at the bound. One memo per kind.
 */
export class FragmentMemo {
  /* Kept as UTF-8 bytes, as the document is sent: the page is spliced together from them (./splice.ts), so an
   * unchanged part is neither drawn nor encoded again, and holds half the memory a string would. */
  private readonly kept = new Map<string, { html: Buffer; epoch: number }>();
  private bytes = 0;
  /** Parts added so far: the order of use matters only against additions, which are what evict. */
  private epoch = 0;

  /** maxBytes: keys (UTF-16, two bytes a character) and markup together. */
  constructor(private readonly maxBytes: number) {}

  /** The part kept under `key`, or `draw()`'s markup, kept from now on (unless it alone is an eighth of the bound). */
  get(key: string, draw: () => string): Buffer {
    const found = this.kept.get(key);
    if (found !== undefined) {
      // Most recently used last: a Map keeps insertion order, so eviction takes the first. Moved once per addition
      // at most: re-inserting all of a page's parts at every render left the Map's table full of deleted slots.
      if (found.epoch !== this.epoch) {
        this.kept.delete(key);
        this.kept.set(key, found);
        found.epoch = this.epoch;
      }
      return found.html;
    }
    const html = ownUtf8(draw());
    const size = cost(key, html);
    if (size > this.maxBytes / 8) return html;
    this.kept.set(key, { html, epoch: ++this.epoch });
    this.bytes += size;
    for (const [k, v] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.kept.delete(k);
      this.bytes -= cost(k, v.html);
    }
    return html;
  }

  /** Parts kept and their bytes (tests). */
  size(): { entries: number; bytes: number } {
    return { entries: this.kept.size, bytes: this.bytes };
  }
}

const cost = (key: string, html: Buffer) => 2 * key.length + html.length;

/** In memory of its own: a small Buffer.from is a view into an 8 KB pool slab, which a kept part would pin whole. */
function ownUtf8(text: string): Buffer {
  const out = Buffer.allocUnsafeSlow(Buffer.byteLength(text, "utf8"));
  out.write(text, "utf8");
  return out;
}
