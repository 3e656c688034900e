/**
 * One writer of incidents, their updates and impacts (lib/incidents/writer.ts and the storage it chooses): no other
 * module calls the queries that write them, and the automation calls the writer with no version branch.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "../../..");
const WRITER = ["lib/incidents/writer.ts", "lib/incidents/models.ts", "lib/incidents/updates.ts"];
/** Modules allowed to write incident rows besides the writer, each with why. */
const NOT_WRITES: Record<string, string> = {
  "lib/incidents/queries.ts": "the queries themselves",
  "lib/services/queries.ts": "a deleted service's links to resolved incidents go with it",
  "lib/demo/seed.ts": "the demo's backdated history, written as rows once into an empty account",
  "lib/demo/payments.ts": "the demo's backdated history, written as rows once into an empty account",
};
const WRITE_CALL = /\b(?:insertIncident|updateIncidentRow|deleteIncidentRow|setIncidentServices|insertImpacts|closeImpacts|deleteImpacts|insertUpdate|updateUpdateRow|deleteUpdateRow|markHumans)\(/;
const RAW_WRITE = /(?:insertInto|updateTable|deleteFrom)\("incident(?:s|_updates|_impacts|_services)"\)/;
const INCIDENT_QUERIES = /from "(?:@\/lib\/incidents\/queries|\.\/queries)"/;

/** Whether a file writes incident rows: raw SQL on their tables, or the incidents' write queries. */
function writes(file: string): boolean {
  const lines = codeLines(file);
  const ownQueries = file.startsWith("lib/incidents/") ? lines.some((l) => INCIDENT_QUERIES.test(l)) : lines.some((l) => l.includes('"@/lib/incidents/queries"'));
  return lines.some((l) => RAW_WRITE.test(l) || (ownQueries && WRITE_CALL.test(l)));
}

/**
 * What picks the v1 or the v3 model of an incident: a page's version, a rule's kind (a check trigger's incidents
 * are v1), whether an incident has a page, each API's own verbs, or reads of one model's storage.
 */
const VERSION_BRANCH = [
  /\bversion\s*[!=]==?|[!=]==?\s*[\w.]*\bversion\b/,
  /\bkind\s*[!=]==?\s*"CHECK"/,
  /status_page_id\s*[!=]==?\s*null/,
  /\b\w+V[13]\b/,
  /@\/lib\/incidents\/(?:service|v3-service|queries)"/,
  /\b(?:severityToStatus|severityOfImpacts|incident_services|incident_impacts)\b/,
];

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(`${dir}/${e.name}`) : /\.tsx?$/.test(e.name) ? [`${dir}/${e.name}`] : []));
}

/** Source lines without comments (a comment may say "v1"; only code branches). */
function codeLines(file: string): string[] {
  const text = readFileSync(join(ROOT, file), "utf8").replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ""));
  return text.split("\n").map((l) => l.replace(/(^|[^:"'`])\/\/.*$/, "$1"));
}

export function versionBranches(files: readonly string[]): string[] {
  return files.flatMap((f) => codeLines(f).flatMap((line, i) => (VERSION_BRANCH.some((re) => re.test(line)) ? [`${f}:${i + 1}: ${line.trim()}`] : [])));
}

describe("the one incident writer", () => {
  it("is the only module writing incidents, updates and impacts", () => {
    const files = [...sources("lib"), ...sources("app")];
    for (const f of WRITER) expect(files).toContain(f);
    const writing = files.filter((f) => !WRITER.includes(f) && !(f in NOT_WRITES) && writes(f));
    expect(writing).toEqual([]);
  });

  it("is called by the automation with no version branch: zero in lib/automation", () => {
    const files = sources("lib/automation");
    expect(files).toContain("lib/automation/apply.ts");
    expect(versionBranches(files)).toEqual([]);
    expect(readFileSync(join(ROOT, "lib/automation/apply.ts"), "utf8")).toContain('from "@/lib/incidents/writer"');
  });

  it("counts the branches it should (the patterns are not vacuous)", () => {
    const branches = [
      'if (rule.kind !== "CHECK") {',
      "return page.version === 3 ? a : b;",
      "await insertIncidentV3(trx, accountId, pageId, id, input, actor);",
      "const status = severityToStatus(incident.severity);",
      'import { raiseSeverity } from "@/lib/incidents/service";',
      "if (incident.status_page_id === null) return services;",
    ];
    expect(branches.filter((line) => !VERSION_BRANCH.some((re) => re.test(line)))).toEqual([]);
    expect(VERSION_BRANCH.some((re) => re.test("const enabled = Number(rule.enabled) === 1;"))).toBe(false);
  });
});
