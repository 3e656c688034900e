import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildImportGraph, cycleIn, cyclicComponents } from "./import-graph";

const root = fileURLToPath(new URL("../../..", import.meta.url));

describe("import graph of the source files", () => {
  const graph = buildImportGraph(root);

  it("is read whole: value, type-only and dynamic imports, '@/' and relative paths", () => {
    expect(graph.size).toBeGreaterThan(400);
    // One edge of each kind the walk must see.
    expect(graph.get("lib/db/types.ts")).toContain("lib/notifications/channels/names.ts"); // import type
    expect(graph.get("instrumentation.ts")).toContain("lib/startup/boot-slot.ts"); // await import("@/…")
    expect(graph.get("lib/uptime/daily.ts")).toContain("lib/status/derive.ts"); // "../status/derive"
    expect(graph.get("lib/notifications/channels/index.ts")).toContain("lib/notifications/channels/email.tsx"); // .tsx
  });

  it("has no cycle", () => {
    const cycles = cyclicComponents(graph).map((scc) => `${scc.length} files, e.g. ${cycleIn(graph, scc).join(" > ")}`);
    expect(cycles).toEqual([]);
  });

  it("finds a cycle when one is there", () => {
    const withCycle = new Map(graph);
    withCycle.set("lib/db/types.ts", new Set([...graph.get("lib/db/types.ts")!, "lib/incidents/service.ts"]));
    const found = cyclicComponents(withCycle);
    expect(found).toHaveLength(1);
    const cycle = cycleIn(withCycle, found[0]);
    expect(cycle[0]).toBe(cycle.at(-1));
    expect(cycle).toContain("lib/db/types.ts");
    expect(cycle).toContain("lib/incidents/service.ts");
  });
});
