// Types for scripts/build-worker.mjs (plain JavaScript so `npm run worker` needs no TypeScript).
export function workerBundlePath(): string;
export function workerNodeArgs(): string[];
export function workerStaleReason(): string | null;
export function buildWorker(): Promise<string>;
