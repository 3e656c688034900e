/**
 * Where `npm run dev` (scripts/dev.mjs, which spells the same names) writes the islands script and the
 * stylesheet inside the build folder, and the address the server answers them at.
 */
export const DEV_DIR = "heliograph-dev";
export const DEV_ASSETS_PATH = "/_heliograph/dev/";
export const DEV_FILES = { islands: "islands.js", css: "page.css" } as const;
