/**
 * Prints the slowest test files after the run's summary: where the suite's time goes, at every run,
 * so a file that grows slow is seen the day it does. A file's time is its setup, import and tests.
 */
import type { Reporter, TestModule, Vitest } from "vitest/node";

const SHOWN = 10;

export interface FileTime {
  project: string;
  file: string;
  /** milliseconds: environment, setup files, import and every test and hook */
  total: number;
  /** milliseconds of it in tests and hooks */
  tests: number;
}

export function fileTime(m: TestModule): FileTime {
  const d = m.diagnostic();
  const tests = d.duration;
  return { project: m.project.name, file: m.relativeModuleId, total: d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + tests, tests };
}

export function slowestLines(times: FileTime[], shown = SHOWN): string[] {
  const top = [...times].sort((a, b) => b.total - a.total).slice(0, shown);
  if (top.length === 0) return [];
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
  const width = Math.max(...top.map((t) => t.project.length));
  return [`Slowest ${top.length} test files (total, of which tests and hooks):`, ...top.map((t) => `${s(t.total)} ${s(t.tests)}  ${t.project.padEnd(width)}  ${t.file}`)];
}

export default class SlowestReporter implements Reporter {
  private vitest?: Vitest;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const lines = slowestLines(modules.map(fileTime));
    if (lines.length) this.vitest?.logger.log(`\n${lines.join("\n")}\n`);
  }
}
