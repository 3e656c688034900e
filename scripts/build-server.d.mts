// Types for scripts/build-server.mjs (plain JavaScript so `npm start` needs no TypeScript).
export const ROOT: string;
export function distDir(): string;
export function bundlePath(): string;
export function staleReason(): string | null;
export function needsBuild(): boolean;
export function buildServer(): Promise<string>;
