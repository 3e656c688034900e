/**
 * Writes a scale page's planned incidents (JSON on stdin, from planHistory) through the app's own verbs, each in its
 * transaction as the API makes them, into the database lib/env points at: 20,000 take ~5 minutes through the API and
 * under one this way. Run with `tsx --conditions=react-server tests/bench/lib/bench-history.ts <slug> <now>`.
 */
import { readFileSync } from "node:fs";
import { runCli } from "@/lib/cli/run";
import type { PlannedIncident } from "./scale-page";

const MIN = 60_000;

runCli(async () => {
  const [slug, nowArg] = process.argv.slice(2);
  const now = Number(nowArg);
  if (!slug || !Number.isFinite(now)) throw new Error("usage: bench-history.ts <slug> <now> < plan.json");
  const plan = JSON.parse(readFileSync(0, "utf8")) as PlannedIncident[];
  const { getReadyDb } = await import("@/lib/db");
  const { findPageBySlug } = await import("@/lib/status-pages/queries");
  const { createIncident, addIncidentUpdate } = await import("@/lib/incidents/service");
  const db = await getReadyDb();
  const page = await findPageBySlug(db, slug);
  if (!page) throw new Error(`no page ${slug}`);
  for (const p of plan) {
    const view = await createIncident(db, page.account_id, {
      name: `Scale incident ${p.k + 1}`,
      severity: p.severity,
      serviceIds: p.serviceIds,
      update: { description: "We are investigating elevated error rates.", status: "INVESTIGATING", publicIncidentUpdateDate: p.start },
    });
    if (p.k >= plan.length - 2) continue;
    await addIncidentUpdate(db, page.account_id, view.incident.id, { description: "This incident has been resolved.", status: "RESOLVED", publicIncidentUpdateDate: Math.min(p.end, now - MIN) });
  }
  await db.destroy();
});
