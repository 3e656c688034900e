import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  SpComponentsResponse,
  SpIncidentsResponse,
  SpMaintenancesResponse,
  SpStatusResponse,
  SpSummaryResponse,
} from "@/lib/statuspage-compat/schema";
import { env } from "@/lib/env";
import * as summary from "@/app/(status)/[site]/api/v2/summary.json/route";
import * as status from "@/app/(status)/[site]/api/v2/status.json/route";
import * as components from "@/app/(status)/[site]/api/v2/components.json/route";
import * as incidents from "@/app/(status)/[site]/api/v2/incidents.json/route";
import * as unresolved from "@/app/(status)/[site]/api/v2/incidents/unresolved.json/route";
import * as maintenances from "@/app/(status)/[site]/api/v2/scheduled-maintenances.json/route";
import * as upcoming from "@/app/(status)/[site]/api/v2/scheduled-maintenances/upcoming.json/route";
import * as active from "@/app/(status)/[site]/api/v2/scheduled-maintenances/active.json/route";
import { buildWorld, call, type World } from "./fixture";

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});

const get = (handler: typeof summary.GET, file: string, init: RequestInit = {}) => call(handler, `/${w.page.url}/api/v2/${file}`, { site: w.page.url }, init);

async function parsed<T extends z.ZodType>(res: Response, schema: T): Promise<z.infer<T>> {
  expect(res.status).toBe(200);
  return schema.parse(await res.json());
}

describe(`Statuspage v2 JSON on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("summary.json: strict shape, page address, status, groups, open incident and maintenance", async () => {
    const res = await get(summary.GET, "summary.json");
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30, stale-if-error=86400");
    expect(res.headers.get("x-heliograph-cache-tags")).toBe(`page:${w.page.id}`);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(res.headers.get("etag")).toMatch(/^"[\w-]{27}"$/);
    const body = await parsed(res, SpSummaryResponse);

    expect(body.page).toMatchObject({ id: w.page.id, name: "Public & <Co>", url: `${new URL(env.HELIOGRAPH_PUBLIC_URL).origin}/${w.page.url}`, time_zone: "Etc/UTC" });
    expect(body.status).toEqual({ indicator: "major", description: "Major System Outage" });
    const groups = body.components.filter((c) => c.group);
    expect(groups.map((g) => g.name)).toEqual(["Core", "Data"]);
    expect(groups[1].components).toEqual([w.dbs.id, w.web.id]);
    const services = body.components.filter((c) => !c.group);
    // Website is on both cards: listed once, under its first group
    expect(services.map((s) => [s.name, s.group_id, s.status])).toEqual([
      ['API <b>&"core"</b>', groups[0].id, "major_outage"],
      ["Website", groups[0].id, "operational"],
      ["Database", groups[1].id, "under_maintenance"],
    ]);
    expect(body.components.map((c) => c.position)).toEqual([1, 2, 3, 4, 5]);

    expect(body.incidents).toHaveLength(1);
    const [inc] = body.incidents;
    expect(inc).toMatchObject({ id: w.open.incident.id, status: "identified", impact: "major", resolved_at: null, shortlink: `${body.page.url}/incidents/${w.open.incident.id}` });
    expect(inc.incident_updates.map((u) => u.status)).toEqual(["identified", "investigating"]);
    expect(inc.incident_updates[1].body).toContain("<img src=x onerror=alert(1)>"); // raw markdown, as Statuspage sends text
    expect(inc.components.map((c) => c.id)).toEqual([w.api.id]);

    const maint = body.scheduled_maintenances;
    expect(maint.map((m) => m.status)).toEqual(["in_progress", "scheduled", "scheduled", "scheduled", "scheduled", "scheduled"]);
    expect(maint[0]).toMatchObject({ name: "Database upgrade", impact: "maintenance", scheduled_for: new Date(w.active.starts_at).toISOString() });
    expect(maint[0].components.map((c) => c.id)).toEqual([w.dbs.id]);
    expect(maint[0].incident_updates.map((u) => u.status)).toEqual(["in_progress", "scheduled"]);
    expect(maint[1].components).toHaveLength(3); // affectAllServices
    const starts = maint.slice(1).map((m) => Date.parse(m.scheduled_for) - w.weekly.starts_at);
    expect(starts).toEqual([0, 14, 28, 42, 56].map((d) => d * 86_400_000));
  });

  it("answers 304 to a matching If-None-Match, in strong, weak and list forms", async () => {
    const first = await get(summary.GET, "summary.json");
    const etag = first.headers.get("etag")!;
    for (const inm of [etag, `W/${etag}`, `"nope", ${etag}`, "*"]) {
      const again = await get(summary.GET, "summary.json", { headers: { "if-none-match": inm } });
      expect(again.status).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("x-heliograph-cache-tags")).toBe(`page:${w.page.id}`);
      expect(await again.text()).toBe("");
    }
    const other = await get(summary.GET, "summary.json", { headers: { "if-none-match": '"other"' } });
    expect(other.status).toBe(200);
  });

  it("status, components, incidents and maintenance lists pass their strict schemas", async () => {
    expect((await parsed(await get(status.GET, "status.json"), SpStatusResponse)).status.indicator).toBe("major");
    expect((await parsed(await get(components.GET, "components.json"), SpComponentsResponse)).components).toHaveLength(5);
    const all = await parsed(await get(incidents.GET, "incidents.json"), SpIncidentsResponse);
    expect(all.incidents.map((i) => [i.name, i.status, i.impact])).toEqual([
      ["API errors <script>alert(1)</script>", "identified", "major"],
      ["Slow website", "resolved", "major"],
    ]);
    expect(all.incidents[1].resolved_at).toBe(new Date(w.resolved.incident.started_at + 144 * 60_000).toISOString());
    const open = await parsed(await get(unresolved.GET, "incidents/unresolved.json"), SpIncidentsResponse);
    expect(open.incidents.map((i) => i.id)).toEqual([w.open.incident.id]);
    const every = await parsed(await get(maintenances.GET, "scheduled-maintenances.json"), SpMaintenancesResponse);
    expect(every.scheduled_maintenances).toHaveLength(6);
    expect(every.scheduled_maintenances.at(-1)!.status).toBe("in_progress"); // newest first
    const soon = await parsed(await get(upcoming.GET, "scheduled-maintenances/upcoming.json"), SpMaintenancesResponse);
    expect(soon.scheduled_maintenances.every((m) => m.status === "scheduled")).toBe(true);
    expect(soon.scheduled_maintenances).toHaveLength(5);
    const now = await parsed(await get(active.GET, "scheduled-maintenances/active.json"), SpMaintenancesResponse);
    expect(now.scheduled_maintenances.map((m) => m.name)).toEqual(["Database upgrade"]);
  });

  it("answers CORS preflights for dashboards that send a page key", async () => {
    const res = await summary.OPTIONS();
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("access-control-allow-headers")).toContain("Authorization");
  });

  it("unknown or malformed slugs are 404 with the error envelope and no public caching", async () => {
    for (const site of ["no-such-page", "Not_A_Slug", "..", "a".repeat(80)]) {
      const res = await call(summary.GET, `/${site}/api/v2/summary.json`, { site });
      expect(res.status).toBe(404);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(res.headers.get("x-heliograph-cache-tags")).toBeNull();
      expect(await res.json()).toMatchObject({ statusCode: 404, error: "Not Found", message: "Status page not found" });
    }
  });

  it("a page read by its slug in another case is the same page", async () => {
    const res = await call(status.GET, `/${w.page.url.toUpperCase()}/api/v2/status.json`, { site: w.page.url.toUpperCase() });
    expect((await parsed(res, SpStatusResponse)).page.id).toBe(w.page.id);
  });
});
