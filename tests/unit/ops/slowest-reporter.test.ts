import { describe, expect, it } from "vitest";
import { slowestLines, type FileTime } from "@/tests/setup/slowest-reporter";

const t = (file: string, total: number, project = "unit"): FileTime => ({ project, file, total, tests: total / 2 });

describe("the slowest-files report", () => {
  it("lists the ten slowest files, slowest first, with their project and seconds", () => {
    const times = Array.from({ length: 14 }, (_, i) => t(`tests/f${i}.test.ts`, (i + 1) * 1000, i % 2 ? "integration-postgres" : "unit"));
    const lines = slowestLines(times);
    expect(lines[0]).toBe("Slowest 10 test files (total, of which tests and hooks):");
    expect(lines).toHaveLength(11);
    expect(lines[1]).toMatch(/^ +14\.0 s +7\.0 s  integration-postgres  tests\/f13\.test\.ts$/);
    expect(lines[10]).toContain("tests/f4.test.ts");
    expect(lines.join("\n")).not.toContain("tests/f3.test.ts");
  });

  it("prints nothing for a run without files", () => {
    expect(slowestLines([])).toEqual([]);
  });
});
