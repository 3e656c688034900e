import { z } from "zod";
import { limitParam } from "@/lib/http/pagination";
import { epochOrIsoQuery, Uuid } from "@/lib/http/wire";

/* Wire shapes of the heartbeat reads (contract §1.1): events with their stats, one event, availability. */

export const HeartbeatParams = z.object({ checkId: Uuid });
export const HeartbeatEventParams = z.object({ checkId: Uuid, id: Uuid });

const instant = epochOrIsoQuery;

const range = {
  startTime: instant("Start of the range (UNIX seconds or ISO); default: 24 hours before endTime"),
  endTime: instant("End of the range (UNIX seconds or ISO), exclusive; default: now"),
};
const ordered = (q: { startTime?: number; endTime?: number }) => q.startTime === undefined || q.endTime === undefined || q.startTime < q.endTime;

export const HeartbeatEventsQuery = z.object({ ...range, limit: limitParam(10, 10) }).refine(ordered, { message: "startTime must be before endTime", path: ["startTime"] });
export const HeartbeatAvailabilityQuery = z.object(range).refine(ordered, { message: "startTime must be before endTime", path: ["startTime"] });

const Ratio = z.strictObject({ previousPeriod: z.number(), currentPeriod: z.number() });
export const HeartbeatAvailability = z
  .strictObject({ successRatio: Ratio, totalEntitiesCurrentPeriod: z.number().int() })
  .meta({ id: "HeartbeatAvailability", description: "successRatio: pings per expected window (pings + missed windows), in percent; the previous period is as long and ends where the current one starts" });

export const HeartbeatEventOut = z
  .strictObject({
    id: z.string(),
    state: z.enum(["FAILING", "EARLY", "RECEIVED", "GRACE", "LATE"]),
    timestamp: z.iso.datetime({ precision: 3 }),
    source: z.string().nullable(),
    userAgent: z.string().nullable(),
  })
  .meta({ id: "HeartbeatEventEntry" });

const Stats = z.strictObject({ last24Hours: HeartbeatAvailability.nullable(), last7Days: HeartbeatAvailability.nullable() });
export const HeartbeatEventsList = z.array(z.strictObject({ events: z.array(HeartbeatEventOut), stats: Stats })).meta({ id: "HeartbeatEventsList" });
export const HeartbeatEvent = z.strictObject({ event: HeartbeatEventOut, stats: Stats }).meta({ id: "HeartbeatEvent" });
