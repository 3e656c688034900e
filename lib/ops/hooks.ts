/**
 * Readiness probes and shutdown hooks, registered by the app's start-up (inside Next) and run by the
 * server layer (lib/front-cache/server.ts): separate module graphs in one process, so kept process-wide.
 */
import { processSlot } from "@/lib/runtime/process-state";

export type Probe = () => Promise<void>;
type Hook = () => Promise<void>;

interface Registry {
  probes: Map<string, Probe>;
  shutdown: Set<Hook>;
  booted: boolean;
}

const slot = processSlot<Registry>("ops");
const registry = (): Registry => slot.getOrCreate(() => ({ probes: new Map(), shutdown: new Set(), booted: false }));

/** A readiness check: resolves when `name` is usable, throws (with a short reason) when not. */
export function registerProbe(name: string, probe: Probe): void {
  registry().probes.set(name, probe);
}

export function probes(): ReadonlyMap<string, Probe> {
  return registry().probes;
}

/** Work to finish before the process exits on SIGTERM (the in-process worker's claimed deliveries). */
export function onShutdown(hook: Hook): void {
  registry().shutdown.add(hook);
}

/** Runs every shutdown hook at once; resolves when all have settled. */
export async function runShutdownHooks(): Promise<void> {
  await Promise.allSettled([...registry().shutdown].map((h) => h()));
}

/** The app finished starting (database migrated, probes registered): readiness may now pass. */
export function markBooted(): void {
  registry().booted = true;
}

export function isBooted(): boolean {
  return registry().booted;
}
