// Imported first by tests/bench/page.ts: its own build folder and autocannon, unless told otherwise.
process.env.HELIOGRAPH_DIST_DIR ??= ".next-bench-page";
process.env.BENCH_TOOL ??= "autocannon";
