/**
 * `npm run bench:weight`: what a visitor downloads for the demo pages, from a production build: HTML bytes, the markup
 * without its scripts, and the JavaScript the page loads (external and inline), raw and gzipped, beside the trivial
 * landing page `/` (the framework's own floor). Prints figures, asserts nothing.
 */
import { weigh, type Weight } from "./lib/weight";

// Set before the harness is loaded (it reads the dist dir once).
process.env.HELIOGRAPH_DIST_DIR ??= ".next-bench-weight";

const PATHS = ["/", "/acme", "/acme-payments"];
const line = (s = "") => process.stdout.write(`${s}\n`);

const kb = (n: number) => (n / 1024).toFixed(1).padStart(8);

async function main() {
  const { buildOnce, startServer } = await import("../e2e/harness");
  await buildOnce();
  const s = await startServer({ env: { HELIOGRAPH_WORKER: "false", LOG_LEVEL: "warn" } });
  try {
    const cache = new Map<string, Buffer>();
    const rows: Weight[] = [];
    for (const p of PATHS) rows.push(await weigh(s.url, p, cache));
    line(`Heliograph page weight — ${new Date().toISOString()} — KB (1024 bytes), gzip level 6`);
    line("HTML: the document; markup: without its <script>s; JS: every script the page runs (files + inline); inline: of which inline (RSC payload, theme)");
    line(`${"path".padEnd(16)} ${"HTML".padStart(8)} ${"HTML gz".padStart(8)} ${"markup".padStart(8)} ${"mark gz".padStart(8)} ${"JS".padStart(8)} ${"JS gz".padStart(8)} ${"inline".padStart(8)} ${"inl gz".padStart(8)} files`);
    for (const r of rows) line(`${r.path.padEnd(16)} ${kb(r.html)} ${kb(r.htmlGz)} ${kb(r.markup)} ${kb(r.markupGz)} ${kb(r.js)} ${kb(r.jsGz)} ${kb(r.inline)} ${kb(r.inlineGz)} ${r.files}`);
    const floor = rows[0];
    line();
    line("JS beyond the landing page `/` (what the status page itself adds):");
    for (const r of rows.slice(1)) line(`${r.path.padEnd(16)} ${kb(r.js - floor.js)} raw ${kb(r.jsGz - floor.jsGz)} gz`);
  } finally {
    await s.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
