import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { BANDS, bandOf, sourceFiles } from "@/eslint/layers.mjs";
import { buildImportGraph } from "./import-graph";

const root = fileURLToPath(new URL("../../..", import.meta.url));

describe("import bands (eslint/layers.mjs)", () => {
  it("name every source file once, bands numbered from 0", () => {
    expect(BANDS.map((b) => b.band)).toEqual(BANDS.map((_, i) => i));
    const paths = BANDS.flatMap((b) => b.paths);
    expect(new Set(paths).size).toBe(paths.length);
    expect(sourceFiles(root).filter((f) => bandOf(f) === null)).toEqual([]);
  });

  it("hold over the whole graph: no file imports a higher band", () => {
    const upward: string[] = [];
    for (const [file, targets] of buildImportGraph(root)) {
      for (const t of targets) if (bandOf(t)! > bandOf(file)!) upward.push(`${file} (band ${bandOf(file)}) -> ${t} (band ${bandOf(t)})`);
    }
    expect(upward).toEqual([]);
  });

  describe("npm run lint", () => {
    const eslint = new ESLint({ cwd: root, overrideConfigFile: `${root}/eslint.config.mjs` });
    const lint = async (filePath: string, code: string) => (await eslint.lintText(code, { filePath: `${root}/${filePath}` }))[0].messages;
    const bandRule = (messages: Awaited<ReturnType<typeof lint>>) => messages.filter((m) => m.ruleId === "import/no-restricted-paths");

    it("fails on an upward import, whatever its form", { timeout: 120_000 }, async () => {
      expect(bandOf("lib/db/types.ts")).toBe(0);
      expect(bandOf("lib/incidents/service.ts")).toBeGreaterThan(0);
      const forms = [
        'import { createIncident } from "@/lib/incidents/service";\nexport const x = createIncident;\n',
        'import type { CreateIncidentInput } from "@/lib/incidents/types";\nexport type X = CreateIncidentInput;\n',
        'export const load = () => import("../incidents/service");\n',
      ];
      for (const code of forms) {
        const errors = bandRule(await lint("lib/db/types.ts", code));
        expect(errors, code).toHaveLength(1);
        expect(errors[0].severity).toBe(2);
        expect(errors[0].message).toContain("Band 0 (foundation)");
      }
      // A leaf file inside a folder of a higher band stays importable from below.
      expect(bandRule(await lint("lib/db/types.ts", 'import type { ChannelType } from "@/lib/notifications/channels/names";\nexport type X = ChannelType;\n'))).toEqual([]);
      // A verb importing a leaf of its own folder is downward.
      expect(bandRule(await lint("lib/incidents/service.ts", 'import * as q from "./queries";\nexport const x = q;\n'))).toEqual([]);
      // A leaf importing a verb of its own folder is upward.
      expect(bandRule(await lint("lib/incidents/queries.ts", 'import { write } from "./writer";\nexport const x = write;\n'))).toHaveLength(1);
    });
  });
});
