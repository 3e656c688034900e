/**
 * What a visitor downloads for one page, measured the same way by `bench:weight` and `bench:goals`:
 * the HTML, the markup without its <script>s (inline RSC payload and script tags), and every script the
 * page runs (external files and inline scripts), raw and gzipped.
 */
import { gzipSync } from "node:zlib";

export const gz = (b: Buffer | string) => gzipSync(b, { level: 6 }).length;

export interface Weight {
  path: string;
  html: number;
  htmlGz: number;
  markup: number;
  markupGz: number;
  js: number;
  jsGz: number;
  /** inline scripts: Next's RSC payload (the page once more, as data) and the theme scripts */
  inline: number;
  inlineGz: number;
  files: number;
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** Weighs `path` on the server at `base`; `jsCache` keeps script files fetched once across pages. */
export async function weigh(base: string, path: string, jsCache: Map<string, Buffer>): Promise<Weight> {
  const res = await fetch(`${base}${path}`, { headers: { "accept-encoding": "identity" } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  const html = await res.text();
  const markup = html.replace(SCRIPT, "");
  const chunks: Buffer[] = [];
  let inline = "";
  let files = 0;
  for (const m of html.matchAll(SCRIPT)) {
    const src = /\bsrc="([^"]+)"/.exec(m[1])?.[1];
    if (!src) {
      chunks.push(Buffer.from(m[2]));
      inline += m[2];
      continue;
    }
    files++;
    let body = jsCache.get(src);
    if (!body) {
      const r = await fetch(new URL(src, base), { headers: { "accept-encoding": "identity" } });
      body = Buffer.from(await r.arrayBuffer());
      jsCache.set(src, body);
    }
    chunks.push(body);
  }
  const js = chunks.reduce((n, c) => n + c.length, 0);
  // Each file is compressed on its own, as a server sends it.
  const jsGz = chunks.reduce((n, c) => n + gz(c), 0);
  return { path, html: Buffer.byteLength(html), htmlGz: gz(html), markup: Buffer.byteLength(markup), markupGz: gz(markup), js, jsGz, inline: Buffer.byteLength(inline), inlineGz: gz(inline), files };
}
