import { installStaticPages } from "./registry";
import { createStaticPages } from "./render";

/** Where `npm run dev` (scripts/dev.mjs) writes the islands script and the stylesheet, and the server serves them. */
export const DEV_ASSETS_PATH = "/_heliograph/dev/";

/** Loaded afresh by scripts/dev.mjs after every rebuild: the next request renders with the changed components. */
export function installDevRenderer(): void {
  installStaticPages(createStaticPages({ css: [`${DEV_ASSETS_PATH}page.css`], islands: `${DEV_ASSETS_PATH}islands.js` }));
}
