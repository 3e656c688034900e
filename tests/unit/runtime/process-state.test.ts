/**
 * Process-wide state goes through one registry (lib/runtime/process-state.ts): a module compiled twice into one
 * process (Next's route chunks, Heliograph's own bundles) must still find one value, and no other module keeps
 * state on globalThis where nobody can list it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it, vi } from "vitest";

const ROOT = join(import.meta.dirname, "../../..");
const REGISTRY = "lib/runtime/process-state.ts";
/** Files allowed to name globalThis besides the registry, each with why it is not process state. */
const NOT_STATE: Record<string, string> = {
  "lib/og/renderer-process.mjs": "the image engine's own process replaces its fetch so the engine cannot reach the network",
};

function sources(dir: string, out: string[] = []): string[] {
  for (const ent of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, ent.name);
    if (ent.isDirectory()) sources(path, out);
    else if (/\.(?:[cm]?[jt]s|tsx|jsx)$/.test(ent.name)) out.push(path);
  }
  return out;
}

describe("process-wide state", () => {
  it("is kept on globalThis by the registry only", () => {
    const roots = readdirSync(ROOT).filter((f) => /\.(?:[cm]?[jt]s)$/.test(f));
    const files = [...["lib", "app", "components", "scripts"].flatMap((d) => sources(d)), ...roots].map((f) => relative(ROOT, join(ROOT, f)).split("\\").join("/"));
    expect(files).toContain(REGISTRY);
    const touching = files.filter((f) => f !== REGISTRY && !(f in NOT_STATE) && readFileSync(join(ROOT, f), "utf8").includes("globalThis"));
    expect(touching).toEqual([]);
  });

  it("is one value per name for every copy of a module in the process", async () => {
    const first = await import("@/lib/runtime/process-state");
    vi.resetModules();
    const second = await import("@/lib/runtime/process-state");
    expect(second.processSlot).not.toBe(first.processSlot);

    const a = first.processSlot<{ n: number }>("tenants");
    const b = second.processSlot<{ n: number }>("tenants");
    const saved = a.get();
    try {
      a.set(undefined);
      const made = b.getOrCreate(() => ({ n: 1 }));
      expect(a.getOrCreate(() => ({ n: 2 }))).toBe(made);
      expect(a.set({ n: 3 })).toEqual({ n: 3 });
      expect(b.get()).toEqual({ n: 3 });
      a.set(undefined);
      expect(b.get()).toBeUndefined();
    } finally {
      a.set(saved);
    }
  });
});
