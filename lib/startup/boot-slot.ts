import { processSlot } from "@/lib/runtime/process-state";

/**
 * The process's start-up work (lib/startup/boot.ts), one per process: Heliograph's server runs it from its own
 * bundle before Next loads, and Next's instrumentation hook then only waits for it, without loading boot's
 * modules (demo data, the worker) a second time.
 */
const booted = processSlot<Promise<void>>("boot");

export const bootInProgress = (): Promise<void> | undefined => booted.get();

export function bootOnce(run: () => Promise<void>): Promise<void> {
  return booted.getOrCreate(run);
}
