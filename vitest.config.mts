import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import LongestFirst from "./tests/setup/sequencer.mts";

const root = fileURLToPath(new URL(".", import.meta.url));
const alias = {
  "@/": root,
  // "server-only" throws outside React Server Components; tests import server modules directly.
  "server-only": fileURLToPath(new URL("./tests/setup/empty.ts", import.meta.url)),
};

// A fixed key for stores that require one; SQLite's generated key file is tested in tests/integration/startup.
const TEST_ENCRYPTION_KEY = "0f".repeat(32);

const integration = (store: "sqlite" | "postgres") => ({
  resolve: { alias },
  test: {
    name: `integration-${store}`,
    include: ["tests/integration/**/*.test.ts"],
    env: {
      HELIOGRAPH_TEST_STORE: store,
      HELIOGRAPH_DEMO: "false",
      HELIOGRAPH_WORKER: "false",
      HELIOGRAPH_RUNNER: "false",
      LOG_LEVEL: "silent",
      ...(store === "postgres" ? { HELIOGRAPH_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY } : {}),
    },
    setupFiles: ["tests/setup/store.ts"],
    // Files share their workers' loaded packages; store.ts (through fresh-file.ts) makes the app's modules afresh.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // The slowest files are printed after the summary (tests/setup/slowest-reporter.ts).
    reporters: ["default", "./tests/setup/slowest-reporter.ts"],
    // Three files at a time on two cores: a file on PostgreSQL or driving a browser waits about half its time.
    // Every project shares the one pool, longest files first (VITEST_MAX_WORKERS overrides the count).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    projects: [
      // Unit files share their workers' module graph: re-importing it for each file cost as much CPU as their tests.
      { resolve: { alias }, test: { name: "unit", include: ["tests/unit/**/*.test.{ts,tsx}"], env: { LOG_LEVEL: "silent" }, testTimeout: 30_000, isolate: false, setupFiles: ["tests/setup/fresh-file.ts"] } },
      integration("sqlite"),
      integration("postgres"),
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          env: { HELIOGRAPH_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY },
          testTimeout: 120_000,
          hookTimeout: 300_000,
          globalSetup: ["tests/e2e/global-setup.ts"],
        },
      },
    ],
  },
});
