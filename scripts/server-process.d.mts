// Types for scripts/server-process.mjs (plain JavaScript so `npm start` needs no TypeScript).
type Env = Record<string, string | undefined>;
export function serverNodeArgs(env?: Env, extraArgs?: string[]): string[];
export function serverEnv<E extends Env>(env?: E): E & { MALLOC_ARENA_MAX: string };
export function workerNodeArgs(): string[];
