#!/usr/bin/env node
// `npm run dev`: Next in development mode behind Heliograph's own server, as in production (the status page is
// rendered by lib/static-pages, which runs only there). The page's renderer and its islands script are rebuilt
// by esbuild on every change and picked up by the next request; the rest of the server needs a restart.
import { mkdirSync, readFileSync, watch, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { context } from "esbuild";
import postcss from "postcss";
import tailwind from "@tailwindcss/postcss";
import { ROOT, bundlePath, buildServer, distDir, islandsOptions, nodeBundleOptions } from "./build-server.mjs";

process.env.NODE_ENV = "development";

// The names of lib/static-pages/dev-paths.ts: lib/front-cache/server.ts serves this folder in development.
const out = join(ROOT, distDir(), "heliograph-dev");
mkdirSync(out, { recursive: true });

/** The app's stylesheet as Next compiles it (postcss.config.mjs), for the statically rendered page. */
async function compileCss() {
  const from = join(ROOT, "app/globals.css");
  const result = await postcss([tailwind()]).process(readFileSync(from, "utf8"), { from });
  writeFileSync(join(out, "page.css"), result.css);
}

await buildServer();
const { startServer } = await import(pathToFileURL(bundlePath()).href);

let generation = 0;
const reload = {
  name: "reload-renderer",
  setup(b) {
    b.onEnd(async (result) => {
      if (result.errors.length > 0) return;
      // Tailwind writes only the classes it finds in the sources: a changed component may use new ones.
      await compileCss();
      // A new file each time: Node keeps an imported module for good, so the same URL would never reload.
      const { installDevRenderer } = await import(`${pathToFileURL(join(out, "render.mjs")).href}?v=${++generation}`);
      installDevRenderer();
    });
  },
};

const base = nodeBundleOptions("lib/static-pages/dev-renderer.tsx", join(out, "render.mjs"));
// Laid out in development: stack traces point at readable lines.
const renderer = await context({ ...base, minifyWhitespace: false, plugins: [...base.plugins, reload] });
const islands = await context({ ...islandsOptions(out), entryNames: "islands", minify: false, define: { "process.env.NODE_ENV": '"development"' } });
await Promise.all([renderer.rebuild(), islands.rebuild()]);
await Promise.all([renderer.watch(), islands.watch()]);
// The stylesheet's own sources are not in the renderer's graph.
for (const file of ["app/globals.css", "postcss.config.mjs"]) watch(join(ROOT, file), () => void compileCss().catch((err) => process.stderr.write(`${err}\n`)));
await startServer({ dir: ROOT, distDir: distDir(), dev: true });
