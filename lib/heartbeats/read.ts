import "server-only";
import type { z } from "zod";
import type { Db } from "@/lib/db";
import type { HeartbeatEvent as EventRow } from "@/lib/db/types";
import { toIso } from "@/lib/db/time";
import { NotFoundError } from "@/lib/errors";
import * as q from "./queries";
import type { HeartbeatAvailability, HeartbeatEventOut } from "./schema";

/* The heartbeat reads: events, one event, availability (pings per expected window, in percent). */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function checkOrThrow(db: Db, accountId: string, checkId: string) {
  const row = await q.findHeartbeatCheck(db, accountId, checkId);
  if (!row) throw new NotFoundError("Heartbeat check not found");
  return row;
}

async function ratio(db: Db, checkId: string, from: number, to: number): Promise<{ ratio: number; total: number }> {
  const n = await q.countStates(db, checkId, { from, to });
  const pings = (n.get("RECEIVED") ?? 0) + (n.get("EARLY") ?? 0) + (n.get("LATE") ?? 0);
  const total = pings + (n.get("FAILING") ?? 0);
  return { ratio: total === 0 ? 100 : Math.round((pings / total) * 10_000) / 100, total };
}

async function availability(db: Db, checkId: string, from: number, to: number): Promise<z.output<typeof HeartbeatAvailability>> {
  const [current, previous] = await Promise.all([ratio(db, checkId, from, to), ratio(db, checkId, from - (to - from), from)]);
  return { successRatio: { previousPeriod: previous.ratio, currentPeriod: current.ratio }, totalEntitiesCurrentPeriod: current.total };
}

async function stats(db: Db, checkId: string, now: number) {
  return { last24Hours: await availability(db, checkId, now - DAY, now), last7Days: await availability(db, checkId, now - 7 * DAY, now) };
}

const serializeEvent = (e: EventRow): z.output<typeof HeartbeatEventOut> => ({ id: e.id, state: e.state, timestamp: toIso(Number(e.at)), source: e.source, userAgent: e.user_agent });

const rangeOf = (r: { startTime?: number; endTime?: number }, now: number) => {
  const to = r.endTime ?? now;
  return { from: r.startTime ?? to - DAY, to };
};

export async function listHeartbeatEvents(db: Db, accountId: string, checkId: string, query: { startTime?: number; endTime?: number; limit: number }, now = Date.now()) {
  await checkOrThrow(db, accountId, checkId);
  const events = await q.listEvents(db, checkId, rangeOf(query, now), query.limit);
  return [{ events: events.map(serializeEvent), stats: await stats(db, checkId, now) }];
}

export async function getHeartbeatEvent(db: Db, accountId: string, checkId: string, id: string, now = Date.now()) {
  await checkOrThrow(db, accountId, checkId);
  const event = await q.findEvent(db, checkId, id);
  if (!event) throw new NotFoundError("Heartbeat event not found");
  return { event: serializeEvent(event), stats: await stats(db, checkId, now) };
}

export async function getHeartbeatAvailability(db: Db, accountId: string, checkId: string, query: { startTime?: number; endTime?: number }, now = Date.now()) {
  await checkOrThrow(db, accountId, checkId);
  const { from, to } = rangeOf(query, now);
  return availability(db, checkId, from, to);
}
