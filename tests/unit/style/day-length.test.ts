import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// One spelling of a day keeps every retention, horizon and SQL interval reading the same constant.
const DAY_SPELLINGS = /\b86_?400_?000\b|\b24 \* 60 \* 60(_000)?\b|\b24 \* 3_?600_?000\b/;
const ROOTS = ["lib", "app", "components"];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe("day length", () => {
  it("is spelled once, as DAY_MS in lib/time/units.ts", () => {
    const offenders = ROOTS.flatMap(sources)
      .filter((f) => f !== join("lib", "time", "units.ts"))
      .flatMap((f) => readFileSync(f, "utf8").split("\n").flatMap((line, i) => (DAY_SPELLINGS.test(line) ? [`${f}:${i + 1}`] : [])));
    expect(offenders).toEqual([]);
  });
});
