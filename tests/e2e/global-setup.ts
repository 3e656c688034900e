import { buildOnce } from "./harness";

/** One production build for all browser tests of a run (skipped with HELIOGRAPH_E2E_SKIP_BUILD=1). */
export default async function setup() {
  await buildOnce();
}
