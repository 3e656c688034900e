/**
 * The scale goal's pages: 200 services in 10 cards with 2,000 incidents over the last 90 days, built through the v1
 * API on a running server; and the same page with five years of history (20,000 incidents), written by the app's own
 * verbs in a child process (bench-history.ts) since through the API they would take ~5 minutes of the benchmark.
 */
import Database from "better-sqlite3";
import { runAppScript } from "./app-script";
import { call, pool } from "./pool";

const DAY = 86_400_000;
const MIN = 60_000;

/** A small deterministic PRNG, so every run builds the same history. */
function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ScaleOptions {
  services: number;
  cards: number;
  incidents: number;
  days: number;
  /** how the incidents are written: through the API (default), or by the app's verbs in a child process */
  history?: "api" | "app";
}

export interface PlannedIncident {
  k: number;
  start: number;
  end: number;
  severity: "MINOR" | "MEDIUM" | "MAJOR" | "CRITICAL";
  serviceIds: string[];
}

/**
 * The incidents, the same on every run: spread evenly over the last `days` days, each on one to three services,
 * resolved 30 minutes to 4 hours after it opened; the last two stay open.
 */
export function planHistory(serviceIds: readonly string[], o: { incidents: number; days: number }, now: number): PlannedIncident[] {
  const rand = mulberry32(15);
  const severities = ["MINOR", "MEDIUM", "MAJOR", "CRITICAL"] as const;
  const span = o.days * DAY - 6 * 60 * MIN;
  return Array.from({ length: o.incidents }, (_, k) => {
    const start = now - o.days * DAY + Math.floor(((k + rand()) * span) / o.incidents);
    const ids = new Set(Array.from({ length: 1 + Math.floor(rand() * 3) }, () => serviceIds[Math.floor(rand() * serviceIds.length)]));
    return { k, start, end: start + (30 + Math.floor(rand() * 210)) * MIN, severity: severities[Math.floor(rand() * 4)], serviceIds: [...ids] };
  });
}

/**
 * Returns the page's slug. Incidents go through the API (or, with `history: "app"`, the app's verbs) with past
 * `publicIncidentUpdateDate`s, each closed by a RESOLVED update. Services are backdated by the SQL below: the API stamps
 * a new service with now, and without it every day before today would read "no data" instead of the incidents' history.
 */
export async function buildScalePage(url: string, key: string, sqlitePath: string, o: ScaleOptions): Promise<string> {
  const now = Date.now();
  const serviceIds = await pool(Array.from({ length: o.services }, (_, i) => i), 8, async (i) => (await call<{ id: string }>(url, key, "POST", "/v1/status-pages/services", { name: `Scale service ${String(i + 1).padStart(3, "0")}` })).id);

  const db = new Database(sqlitePath);
  try {
    db.pragma("busy_timeout = 10000");
    const born = now - (o.days + 30) * DAY;
    const backdate = db.prepare("UPDATE services SET created_at = ?, updated_at = ? WHERE id = ?");
    db.transaction(() => serviceIds.forEach((id) => backdate.run(born, born, id)))();
  } finally {
    db.close();
  }

  const slug = o.days === 90 ? `scale-${o.services}` : `scale-${o.services}-${o.days}d`;
  const perCard = Math.ceil(o.services / o.cards);
  const cards = Array.from({ length: o.cards }, (_, c) => ({ name: `Region ${c + 1}`, services: serviceIds.slice(c * perCard, (c + 1) * perCard).map((id) => ({ id })) }));
  await call(url, key, "POST", "/v1/status-pages", { name: `Scale: ${o.services} services, ${o.incidents} incidents over ${o.days} days`, url: slug, cards });

  const plan = planHistory(serviceIds, o, now);
  if (o.history === "app") {
    writeHistory(sqlitePath, slug, plan, now);
    return slug;
  }
  await pool(plan, 8, async (p) => {
    const { id } = await call<{ id: string }>(url, key, "POST", "/v1/status-pages/incidents", {
      name: `Scale incident ${p.k + 1}`,
      severity: p.severity,
      services: p.serviceIds.map((id) => ({ id })),
      incidentUpdates: [{ description: "We are investigating elevated error rates.", status: "INVESTIGATING", publicIncidentUpdateDate: new Date(p.start).toISOString() }],
    });
    if (p.k >= o.incidents - 2) return;
    await call(url, key, "POST", `/v1/status-pages/incidents/${id}/incident-updates`, { description: "This incident has been resolved.", status: "RESOLVED", publicIncidentUpdateDate: new Date(Math.min(p.end, now - MIN)).toISOString() });
  });
  return slug;
}

/** The plan written by the app's verbs (tests/bench/lib/bench-history.ts) into the server's SQLite file. */
function writeHistory(sqlitePath: string, slug: string, plan: PlannedIncident[], now: number): void {
  runAppScript("tests/bench/lib/bench-history.ts", [slug, String(now)], { HELIOGRAPH_SQLITE_PATH: sqlitePath }, JSON.stringify(plan));
}
