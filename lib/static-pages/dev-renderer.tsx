import { DEV_ASSETS_PATH, DEV_FILES } from "./dev-paths";
import { installStaticPages } from "./registry";
import { createStaticPages } from "./render";

/** Loaded afresh by scripts/dev.mjs after every rebuild: the next request renders with the changed components. */
export function installDevRenderer(): void {
  installStaticPages(createStaticPages({ css: [`${DEV_ASSETS_PATH}${DEV_FILES.css}`], islands: `${DEV_ASSETS_PATH}${DEV_FILES.islands}` }));
}
