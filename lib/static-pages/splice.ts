import { randomBytes } from "node:crypto";

/*
 * Kept parts (./fragment-memo.ts) go in as UTF-8: the document is rendered with a mark where each goes, and the kept
 * bytes replace the marks, so an unchanged part is not copied through React's output and encoded again each render.
 * A mark holds a token drawn at start, which the page cannot contain: React escapes operator text, the JSON escapes `<`.
 */
const TOKEN = `hg-part-${randomBytes(8).toString("hex")}`;
const OPEN = `<!--${TOKEN}:`;
const CLOSE = "-->";
const OPEN_BYTES = Buffer.from(OPEN, "latin1");
const CLOSE_BYTES = Buffer.from(CLOSE, "latin1");

/** The mark for part `i` of the list given to `splice`. */
export const partMark = (i: number) => `${OPEN}${i}${CLOSE}`;

/** The document with each mark replaced by its part; every part must have been marked (once or more). */
export function splice(html: string, parts: readonly Buffer[]): Buffer<ArrayBuffer> {
  const doc = Buffer.from(html, "utf8");
  const out: Buffer[] = [];
  const used = new Uint8Array(parts.length);
  let from = 0;
  for (let at = doc.indexOf(OPEN_BYTES); at >= 0; at = doc.indexOf(OPEN_BYTES, from)) {
    const end = doc.indexOf(CLOSE_BYTES, at + OPEN.length);
    const i = end < 0 ? NaN : Number(doc.toString("latin1", at + OPEN.length, end));
    if (!(i >= 0 && i < parts.length)) throw new Error(`a mark at byte ${at} names no part of ${parts.length}`);
    out.push(doc.subarray(from, at), parts[i]);
    used[i] = 1;
    from = end + CLOSE.length;
  }
  out.push(doc.subarray(from));
  // The page draws every part it was given: a part without its mark would be missing from the page.
  const missing = used.indexOf(0);
  if (missing >= 0) throw new Error(`part ${missing} of ${parts.length} has no mark in the rendered page`);
  return Buffer.concat(out);
}
