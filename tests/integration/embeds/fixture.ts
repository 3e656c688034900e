/**
 * A small world for the embed routes: a public page with two cards, a private page with a key, an
 * open MAJOR incident, a resolved MEDIUM one, an active and an upcoming weekly maintenance window.
 */
import { randomUUID } from "node:crypto";
import { newAccount } from "../../setup/db";
import { createService } from "@/lib/services/service";
import { createPage, createPageKey } from "@/lib/status-pages/service";
import { addIncidentUpdate, createIncident } from "@/lib/incidents/service";
import { createWindow } from "@/lib/maintenance/service";
import type { EmbedHandler } from "@/lib/embed/route";

export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const DAY = 24 * HOUR;
export const BASE = "http://localhost:3000";

export async function buildWorld() {
  const { db, accountId } = await newAccount("Embeds");
  const tag = randomUUID().slice(0, 8);
  const now = Date.now();
  const api = await createService(db, accountId, { name: "API <b>&\"core\"</b>" });
  const web = await createService(db, accountId, { name: "Website" });
  const dbs = await createService(db, accountId, { name: "Database" });
  // services "existed" 30 days so uptime windows have history to measure
  for (const s of [api, web, dbs]) await db.updateTable("services").set({ created_at: now - 30 * DAY }).where("id", "=", s.id).execute();

  const page = await createPage(db, accountId, {
    name: "Public & <Co>",
    url: `pub-${tag}`,
    description: "Status of the public things",
    cards: [
      { name: "Core", services: [{ id: api.id }, { id: web.id }] },
      { name: "Data", services: [{ id: dbs.id }, { id: web.id }] },
    ],
  });
  const secret = await createPage(db, accountId, { name: "Secret ops", url: `sec-${tag}`, isPrivate: true, cards: [{ name: "Ops", services: [{ id: dbs.id }] }] });
  const { rawKey, key: secretKey } = await createPageKey(db, accountId, secret.id);

  const open = await createIncident(db, accountId, {
    name: "API errors <script>alert(1)</script>",
    severity: "MAJOR",
    serviceIds: [api.id],
    update: { description: "We are **investigating** <img src=x onerror=alert(1)>", status: "INVESTIGATING", publicIncidentUpdateDate: now - 2 * HOUR },
  });
  await addIncidentUpdate(db, accountId, open.incident.id, { description: "Cause identified ]]> & fixed soon", status: "IDENTIFIED", publicIncidentUpdateDate: now - HOUR });

  // resolved 2 days ago after exactly 144 minutes: partial outage on Website
  const resolved = await createIncident(db, accountId, {
    name: "Slow website",
    severity: "MEDIUM",
    serviceIds: [web.id],
    update: { description: "Pages load slowly.", status: "INVESTIGATING", publicIncidentUpdateDate: now - 2 * DAY },
  });
  await addIncidentUpdate(db, accountId, resolved.incident.id, { description: "Resolved.", status: "RESOLVED", publicIncidentUpdateDate: now - 2 * DAY + 144 * MIN });

  const visibility = (serviceIds: string[]) => ({ enabled: true, statusPageIds: [page.id, secret.id], serviceIds, showAffectedServices: true });
  const active = await createWindow(db, accountId, {
    name: "Database upgrade",
    description: "Rolling upgrade to the next major version.",
    startsAt: now - 30 * MIN,
    endsAt: now + 30 * MIN,
    repeatUnit: null,
    statusPageVisibility: visibility([dbs.id]),
  });
  const weeklyStart = Math.floor(now / DAY) * DAY + 3 * DAY + 22 * HOUR; // 22:00 UTC in three days
  const weekly = await createWindow(db, accountId, {
    name: "Weekly network maintenance",
    description: "Routine work on the edge network.",
    startsAt: weeklyStart,
    endsAt: weeklyStart + 2 * HOUR,
    repeatUnit: "WEEK",
    repeatInterval: 2,
    repeatEndsAt: weeklyStart + 8 * 7 * DAY,
    statusPageVisibility: { ...visibility([]), affectAllServices: true },
  });
  return { db, accountId, tag, now, api, web, dbs, page, secret, pageKey: rawKey, pageKeyId: secretKey.id, open, resolved, active, weekly };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/** Calls a route handler the way Next does. */
export async function call(handler: EmbedHandler, path: string, params: Record<string, string>, init: RequestInit = {}): Promise<Response> {
  return handler(new Request(`${BASE}${path}`, init), { params: Promise.resolve(params) });
}
