import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { sourceFiles } from "@/eslint/layers.mjs";

const TRY = ["", ".ts", ".tsx", ".mts", ".mjs", ".js", "/index.ts", "/index.tsx", "/index.mjs"];

export type ImportGraph = Map<string, Set<string>>;

/** "@/lib/x" and "./x" to a file of the set (extension or index.* added), or null for packages and Node. */
function resolveSpecifier(root: string, from: string, spec: string, files: Set<string>): string | null {
  let base: string;
  if (spec.startsWith("@/")) base = spec.slice(2);
  else if (spec.startsWith(".")) base = relative(root, resolve(root, dirname(from), spec));
  else return null;
  for (const suffix of TRY) if (files.has(base + suffix)) return base + suffix;
  // "./x.js" written for "./x.ts" (ES module style).
  const source = base.replace(/\.js$/, ".ts");
  return files.has(source) ? source : null;
}

/**
 * Every edge between source files: value imports, `import type`, re-exports, and dynamic import() (also
 * `typeof import("…")` in types), read by the TypeScript compiler's own pre-processor.
 */
export function buildImportGraph(root: string): ImportGraph {
  const files = new Set(sourceFiles(root));
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(join(root, file), "utf8"), true, true);
    const targets = new Set<string>();
    for (const ref of info.importedFiles) {
      const target = resolveSpecifier(root, file, ref.fileName, files);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself): each holds a cycle. */
export function cyclicComponents(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)?.has(v)) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

/** One shortest cycle through the component's first file, as a path a reader can follow. */
export function cycleIn(graph: ImportGraph, scc: readonly string[]): string[] {
  const members = new Set(scc);
  const start = scc[0];
  const prev = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift()!;
    for (const w of graph.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(prev.get(path[0])!);
        return [...path, start];
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}
