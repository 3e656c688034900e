/**
 * How many generated cases a property or fuzz test runs. CI runs counts sized to find regressions in
 * minutes; HELIOGRAPH_LONG_TESTS=1 runs the long counts (before a release, or nightly) to explore further.
 */
export const LONG_TESTS = process.env.HELIOGRAPH_LONG_TESTS === "1";

export const generatedCases = (ci: number, long: number): number => (LONG_TESTS ? long : ci);
