// Types for scripts/build.mjs (plain JavaScript so `npm start` needs no TypeScript).
import type { BuildOptions } from "esbuild";

export interface FileFingerprint {
  size: number;
  mtimeMs: number;
  sha256: string;
}
export interface BuildRecord {
  version: number;
  /** whether `next build` was part of it (`npm run worker` builds only the bundles) */
  next: boolean;
  /** the islands script's address */
  islands: string;
  /** the bundles, relative to the build folder */
  outputs: string[];
  files: Record<string, FileFingerprint>;
}
export interface StaleOptions {
  root?: string;
  dist?: string;
  next?: boolean;
  added?: boolean;
}
export const ROOT: string;
export const RECORD: string;
export const DEV_OUT: string;
export const SERVER_EXTERNAL_PACKAGES: string[];
export function distDir(): string;
export function serverBundle(dev?: boolean): string;
export function workerBundle(): string;
export function esbuildOptions(opts?: { dev?: boolean }): [BuildOptions, BuildOptions];
export function fingerprint(root: string, files: readonly string[]): Record<string, FileFingerprint>;
export function writeRecord(path: string, record: Omit<BuildRecord, "version">): void;
export function readRecord(path: string): BuildRecord | undefined;
export function changedInput(root: string, record: Pick<BuildRecord, "files">, current?: readonly string[]): string | null;
export function buildInputs(root: string): string[];
export function missingReason(opts?: Omit<StaleOptions, "added">): string | null;
export function staleReason(opts?: StaleOptions): string | null;
export function ensureBuilt(opts?: Omit<StaleOptions, "root" | "dist">, say?: (line: string) => void): Promise<string | null>;
export function build(opts?: { next?: boolean }): Promise<void>;
