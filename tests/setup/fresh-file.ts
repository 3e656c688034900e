import { vi } from "vitest";

// Files share a worker's loaded packages (isolate: false); each still starts from the worker's first environment,
// with the app's own modules evaluated afresh and the process-wide state (lib/runtime/process-state.ts) emptied.
const shared = globalThis as { [k: symbol]: unknown };
const FIRST_ENV = Symbol.for("heliograph.tests.first-env");
const first = (shared[FIRST_ENV] ??= { ...process.env }) as NodeJS.ProcessEnv;
for (const key of Object.keys(process.env)) if (!(key in first)) delete process.env[key];
Object.assign(process.env, first);
vi.resetModules();
(shared[Symbol.for("heliograph.process-state")] as Map<string, unknown> | undefined)?.clear();
