import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/*
 * Longest first, so the pool ends together instead of waiting on one long file started last. A file's weight is
 * its last duration in vitest's cache, else this list (seconds seen on the 2-core machine, files over ~30 s), else
 * a few seconds. Browser files are spread among the others: two or three at once would each hold both cores.
 */
const SECONDS: Record<string, number> = {
  "e2e:tests/e2e/a11y.test.ts": 170,
  "e2e:tests/e2e/attack/xss-browser.test.ts": 100,
  "e2e:tests/e2e/vendor-cli.test.ts": 60,
  "e2e:tests/e2e/alertmanager.test.ts": 50,
  "e2e:tests/e2e/dev-loop.test.ts": 50,
  "e2e:tests/e2e/notify.test.ts": 35,
  "integration-postgres:tests/integration/attack/fuzz-api-shard-1.test.ts": 150,
  "integration-postgres:tests/integration/attack/fuzz-api-shard-2.test.ts": 150,
  "integration-postgres:tests/integration/attack/fuzz-api-shard-3.test.ts": 150,
  "integration-sqlite:tests/integration/attack/fuzz-api-shard-1.test.ts": 90,
  "integration-sqlite:tests/integration/attack/fuzz-api-shard-2.test.ts": 90,
  "integration-sqlite:tests/integration/attack/fuzz-api-shard-3.test.ts": 90,
  "integration-postgres:tests/integration/attack/xss-public.test.ts": 140,
  "integration-postgres:tests/integration/integrations/flood-stale.test.ts": 120,
  "integration-sqlite:tests/integration/notifications/crash.test.ts": 70,
  "integration-sqlite:tests/integration/attack/xss-public.test.ts": 60,
  "integration-sqlite:tests/integration/startup/startup.test.ts": 40,
  "integration-sqlite:tests/integration/automation/apply.test.ts": 40,
  "integration-sqlite:tests/integration/api/api-keys.test.ts": 40,
  "integration-postgres:tests/integration/api/pagination.test.ts": 37,
  "integration-postgres:tests/integration/api/text-fields.test.ts": 36,
  "integration-postgres:tests/integration/notifications/crash.test.ts": 36,
  "integration-postgres:tests/integration/notifications/retries.test.ts": 33,
  "integration-sqlite:tests/integration/embeds/privacy.test.ts": 31,
  "unit:tests/unit/og/renderer.test.ts": 25,
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const weight = (spec: TestSpecification): number => {
      const key = `${spec.project.name}:${relative(root, spec.moduleId)}`;
      return this.ctx.cache.getFileTestResults(key)?.duration ?? (SECONDS[key] ?? 3) * 1000;
    };
    const longest = (list: TestSpecification[]) => list.sort((a, b) => weight(b) - weight(a));
    const browser = longest(files.filter((f) => f.project.name === "e2e"));
    const other = longest(files.filter((f) => f.project.name !== "e2e"));
    const total = (list: TestSpecification[]) => list.reduce((sum, f) => sum + weight(f), 0);
    const share = total(browser) / Math.max(1, total(browser) + total(other));
    // Merged so that browser files make up their share of the weight started so far, at every point of the list.
    const out: TestSpecification[] = [];
    let started = 0;
    let startedBrowser = 0;
    while (browser.length || other.length) {
      const next = browser.length && (!other.length || startedBrowser <= share * started) ? browser.shift()! : other.shift()!;
      if (next.project.name === "e2e") startedBrowser += weight(next);
      started += weight(next);
      out.push(next);
    }
    return out;
  }
}
