// Types for scripts/build-inputs.mjs (plain JavaScript so `npm start` needs no TypeScript).
export interface FileFingerprint {
  size: number;
  mtimeMs: number;
  sha256: string;
}
export interface InputRecord {
  version: number;
  files: Record<string, FileFingerprint>;
}
export function fingerprint(root: string, files: readonly string[]): Record<string, FileFingerprint>;
export function writeRecord(path: string, files: Record<string, FileFingerprint>): void;
export function readRecord(path: string): InputRecord | undefined;
export function changedInput(root: string, record: InputRecord | undefined, current?: readonly string[]): string | null;
export function nextBuildInputs(root: string): string[];
export function nextBuildStale(root: string, distDir: string): string | null;
export const NEXT_RECORD: string;
export const SERVER_RECORD: string;
