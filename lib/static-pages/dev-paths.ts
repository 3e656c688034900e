import type { PageAssets } from "./assets";

/**
 * Where `npm run dev` (scripts/dev.mjs and scripts/build.mjs, which spell the same names) writes the islands script
 * and the stylesheet inside the build folder, and the address the server answers them at.
 */
export const DEV_DIR = "heliograph-dev";
export const DEV_ASSETS_PATH = "/_heliograph/dev/";
export const DEV_FILES = { islands: "islands.js", css: "page.css" } as const;
/** What the status page links to under `npm run dev`: rebuilt on every change, never cached. */
export const DEV_PAGE_ASSETS: PageAssets = { css: [`${DEV_ASSETS_PATH}${DEV_FILES.css}`], islands: `${DEV_ASSETS_PATH}${DEV_FILES.islands}` };
