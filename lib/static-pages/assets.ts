import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "@/lib/errors/config-error";

/** What a statically rendered page links to. */
export interface PageAssets {
  /** the app's stylesheet as Next built it: the file the App Router pages link too, cached once for both */
  css: string[];
  /** the islands script (components/islands), content-hashed; named in the record scripts/build.mjs writes */
  islands: string;
}

/**
 * Read once at start. The stylesheet is found in Next's output rather than recorded by our build, so a
 * `next build` on its own can never leave the page linking a file that is gone: app/globals.css is the app's
 * only stylesheet (imported by app/layout.tsx), and Next writes it under static/chunks.
 */
export function readPageAssets(distDir: string): PageAssets {
  const chunks = join(distDir, "static", "chunks");
  let css: string[] = [];
  let islands: unknown;
  try {
    css = readdirSync(chunks)
      .filter((f) => f.endsWith(".css"))
      .map((f) => `/_next/static/chunks/${f}`);
    islands = (JSON.parse(readFileSync(join(distDir, "heliograph-build.json"), "utf8")) as { islands?: unknown }).islands;
  } catch {
    // reported below
  }
  if (css.length === 0 || typeof islands !== "string") throw new ConfigError(`The build in ${distDir} is incomplete (stylesheet or islands script missing): run \`npm run build\``);
  return { css, islands };
}
