/**
 * The process's start-up work (lib/startup/boot.ts), shared through globalThis: Heliograph's server runs it
 * from its own bundle before Next loads, and Next's instrumentation hook then only waits for it, without
 * loading boot's modules (demo data, the worker) a second time. `next start` or `next dev` alone boot there.
 */
const g = globalThis as unknown as { heliographBooted?: Promise<void> };

export const bootInProgress = (): Promise<void> | undefined => g.heliographBooted;

export function bootOnce(run: () => Promise<void>): Promise<void> {
  g.heliographBooted ??= run();
  return g.heliographBooted;
}
