import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * The import bands of Heliograph's source, lowest first: a file may import its own band and those below, never one
 * above. A file's band is that of the longest path naming it, so a domain folder sits at its leaves' band and its verbs
 * are named one by one. Enforced by eslint.config.mjs, the whole graph checked by tests/unit/layers; README in prose.
 */
export const BANDS = [
  {
    band: 0,
    name: "foundation",
    about: "no domain knowledge: configuration, errors, logs, time, text, the store and its row types, secrets, metrics, the cache's tags, outbound HTTP, wire helpers, and the names every layer needs",
    paths: [
      "lib/env.ts",
      "lib/locations",
      "lib/errors",
      "lib/log",
      "lib/runtime",
      "lib/time",
      "lib/text",
      "lib/markdown",
      "lib/db",
      "lib/secrets",
      "lib/metrics",
      "lib/cache",
      "lib/outbound",
      "lib/actors",
      "lib/http",
      "lib/notifications/channels/names.ts",
      "lib/integrations/formats/names.ts",
    ],
  },
  {
    band: 1,
    name: "domain leaves",
    about: "what the domain knows without acting: types, queries, wire shapes and serializers, pure rules and derivations, words, lookups such as getPageOrThrow, public routing, and the notification channels",
    paths: [
      "lib/status",
      "lib/runners",
      "lib/i18n",
      "lib/uptime",
      "lib/theme",
      "lib/badges",
      "lib/calendar",
      "lib/statuspage-compat",
      "lib/tenancy",
      "lib/accounts",
      "lib/api-keys",
      "lib/status-pages",
      "lib/services",
      "lib/components",
      "lib/incidents",
      "lib/maintenance",
      "lib/subscriptions",
      "lib/automation",
      "lib/integrations/formats",
      "lib/notifications/channels",
      "lib/notifications/schema.ts",
      "lib/public-page/view.ts",
      "lib/public-page/maintenance.ts",
      "lib/operators",
      "lib/audit",
      "lib/checks",
      "lib/check-groups",
      "lib/results",
    ],
  },
  {
    band: 2,
    name: "outbox",
    about: "what a message says (snapshot), which deliveries an event fans out to, enqueued inside the domain verbs' transactions",
    paths: ["lib/notifications/outbox"],
  },
  {
    band: 3,
    name: "domain verbs",
    about: "authorize, validate, write in a transaction, enqueue, invalidate",
    paths: [
      "lib/accounts/service.ts",
      "lib/api-keys/service.ts",
      "lib/status-pages/service.ts",
      "lib/status-pages/domain-verification.ts",
      "lib/services/service.ts",
      "lib/components/service.ts",
      "lib/incidents/service.ts",
      "lib/incidents/v3-service.ts",
      "lib/incidents/writer.ts",
      "lib/incidents/models.ts",
      "lib/incidents/updates.ts",
      "lib/maintenance/service.ts",
      "lib/maintenance/occurrence-service.ts",
      "lib/maintenance/announce.ts",
      "lib/maintenance/scheduler.ts",
      "lib/subscriptions/service.ts",
      "lib/subscriptions/self-service.ts",
      "lib/subscriptions/form.ts",
      "lib/automation/service.ts",
      "lib/automation/apply.ts",
      "lib/automation/default-target.ts",
      "lib/integrations",
      "lib/notifications/service.ts",
      "lib/access",
      "lib/operators/auth.ts",
      "lib/operators/oidc.ts",
      "lib/operators/mail.ts",
      "lib/operators/service.ts",
      "lib/checks/service.ts",
      "lib/check-groups/service.ts",
      "lib/scheduling",
      "lib/alerting",
      "lib/heartbeats",
    ],
  },
  {
    band: 4,
    name: "delivery",
    about: "what answers and runs: the API route wrapper and routes, the public pages and their front cache, embeds, feeds, images, OpenAPI, the worker, start-up, ops, the CLI and the demo",
    paths: [
      "lib/http/route.ts",
      "lib/http/other-methods.ts",
      "lib/http/unknown-operation.ts",
      "lib/integrations/http.ts",
      "lib/checks/http.ts",
      "lib/check-groups/http.ts",
      "lib/integrations/ops.ts",
      "lib/statuspage-compat/project.ts",
      "lib/public-page",
      "lib/embed",
      "lib/feeds",
      "lib/og",
      "lib/front-cache",
      "lib/static-pages",
      "lib/openapi",
      "lib/notifications/worker",
      "lib/ops",
      "lib/startup",
      "lib/cli",
      "lib/demo",
      "lib/console",
      "app",
      "components",
      "scripts",
      "proxy.ts",
      "instrumentation.ts",
    ],
  },
];

/** Where source files live (tests and benches may import any band). */
export const SOURCE_ROOTS = ["lib", "app", "components", "scripts", "proxy.ts", "instrumentation.ts"];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

const byLength = BANDS.flatMap((b) => b.paths.map((path) => ({ path, band: b.band }))).sort((a, b) => b.path.length - a.path.length);

/** The band of a file (a path relative to the repository, with forward slashes), or null when no path names it. */
export function bandOf(file) {
  const hit = byLength.find(({ path }) => file === path || file.startsWith(`${path}/`));
  return hit ? hit.band : null;
}

/** Every source file under SOURCE_ROOTS, relative to root. */
export function sourceFiles(root) {
  const walk = (rel) => {
    const abs = join(root, rel);
    if (!existsSync(abs)) return [];
    if (!statSync(abs).isDirectory()) return SOURCE.test(rel) ? [rel] : [];
    return readdirSync(abs).flatMap((name) => walk(`${rel}/${name}`));
  };
  return SOURCE_ROOTS.flatMap(walk);
}

/**
 * Zones for eslint-plugin-import's no-restricted-paths, which resolves relative and "@/" imports, type-only
 * imports and import() alike: a band's files (listed, since a verb file may sit in a folder of leaves) may not
 * import a path of a higher band, less the lower-band paths nested in it (a leaf file in a folder of verbs).
 */
export function layerZones(root) {
  const files = sourceFiles(root).map((f) => ({ file: resolve(root, f), band: bandOf(f) }));
  const paths = BANDS.flatMap((b) => b.paths.map((path) => ({ path, band: b.band })));
  return BANDS.slice(0, -1).flatMap(({ band, name }) => {
    const target = files.filter((f) => f.band === band).map((f) => f.file);
    const message = `Band ${band} (${name}) imports only its own band and those below (eslint/layers.mjs).`;
    const nestedBelow = (p) => paths.filter((n) => n.band <= band && n.path.startsWith(`${p.path}/`)).map((n) => n.path.slice(p.path.length + 1));
    const inside = (p, q) => p.path.startsWith(`${q.path}/`) && !nestedBelow(q).some((h) => `${p.path}/`.startsWith(`${q.path}/${h}/`));
    // A higher path inside another (a verb file in a folder of leaves) is covered by it: one report per import.
    const higher = paths.filter((p) => p.band > band).filter((p, _, all) => !all.some((q) => inside(p, q)));
    const whole = higher.filter((p) => nestedBelow(p).length === 0).map((p) => resolve(root, p.path));
    const holed = higher.filter((p) => nestedBelow(p).length > 0).map((p) => ({ target, from: resolve(root, p.path), except: nestedBelow(p), message }));
    return [{ target, from: whole, message }, ...holed];
  });
}

