import { afterEach, describe, expect, it, vi } from "vitest";

const load = async () => (await import("@/tests/setup/generated-cases")).generatedCases;

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("generated-case counts", () => {
  it("are the CI counts by default", async () => {
    vi.stubEnv("HELIOGRAPH_LONG_TESTS", "");
    expect((await load())(100, 500)).toBe(100);
  });

  it("are the long counts with HELIOGRAPH_LONG_TESTS=1", async () => {
    vi.stubEnv("HELIOGRAPH_LONG_TESTS", "1");
    expect((await load())(100, 500)).toBe(500);
  });
});
