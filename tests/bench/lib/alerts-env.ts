// Imported first by tests/bench/alert-burst.ts: its own build folder, unless told otherwise (the harness reads it once).
process.env.HELIOGRAPH_DIST_DIR ??= ".next-bench-alerts";
