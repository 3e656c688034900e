// Imported first by tests/bench/page.ts and render.ts: their own build folder, unless told otherwise. The load tool
// is lib/load.ts's choice (wrk): bench:page sets routes beside a node:http ceiling, which autocannon's own CPU caps.
process.env.HELIOGRAPH_DIST_DIR ??= ".next-bench-page";
