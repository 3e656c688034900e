import { beforeAll, describe, expect, it } from "vitest";
import { accessCookieFor } from "@/lib/access";
import { createIncident } from "@/lib/incidents/service";
import { revokePageKey } from "@/lib/status-pages/service";
import type { EmbedHandler } from "@/lib/embed/route";
import * as pageSvg from "@/app/(status)/[site]/badge.svg/route";
import * as pageJson from "@/app/(status)/[site]/badge.json/route";
import * as serviceSvg from "@/app/(status)/[site]/services/[serviceId]/badge.svg/route";
import * as serviceJson from "@/app/(status)/[site]/services/[serviceId]/badge.json/route";
import * as uptimeSvg from "@/app/(status)/[site]/services/[serviceId]/uptime/[window]/badge.svg/route";
import * as uptimeJson from "@/app/(status)/[site]/services/[serviceId]/uptime/[window]/badge.json/route";
import * as summary from "@/app/(status)/[site]/api/v2/summary.json/route";
import * as status from "@/app/(status)/[site]/api/v2/status.json/route";
import * as components from "@/app/(status)/[site]/api/v2/components.json/route";
import * as incidents from "@/app/(status)/[site]/api/v2/incidents.json/route";
import * as unresolved from "@/app/(status)/[site]/api/v2/incidents/unresolved.json/route";
import * as maintenances from "@/app/(status)/[site]/api/v2/scheduled-maintenances.json/route";
import * as upcoming from "@/app/(status)/[site]/api/v2/scheduled-maintenances/upcoming.json/route";
import * as active from "@/app/(status)/[site]/api/v2/scheduled-maintenances/active.json/route";
import * as feedRss from "@/app/(status)/[site]/feed.rss/route";
import * as feedAtom from "@/app/(status)/[site]/feed.atom/route";
import * as historyRss from "@/app/(status)/[site]/history.rss/route";
import * as historyAtom from "@/app/(status)/[site]/history.atom/route";
import * as calendar from "@/app/(status)/[site]/maintenance.ics/route";
import * as pageOg from "@/app/(status)/[site]/og.png/route";
import * as incidentOg from "@/app/(status)/[site]/incidents/[id]/og.png/route";
import * as widget from "@/app/(status)/[site]/embed/route";
import * as script from "@/app/(status)/[site]/embed.js/route";
import { buildWorld, call, type World } from "./fixture";

let w: World;
let secretIncidentId: string;
beforeAll(async () => {
  w = await buildWorld();
  secretIncidentId = (await createIncident(w.db, w.accountId, { name: "Hidden database trouble", severity: "CRITICAL", serviceIds: [w.dbs.id], update: { description: "classified" } })).incident.id;
});

type Route = [name: string, handler: EmbedHandler, extra: (w: World) => Record<string, string>];
const ROUTES: Route[] = [
  ["badge.svg", pageSvg.GET, () => ({})],
  ["badge.json", pageJson.GET, () => ({})],
  ["service badge.svg", serviceSvg.GET, (w) => ({ serviceId: w.dbs.id })],
  ["service badge.json", serviceJson.GET, (w) => ({ serviceId: w.dbs.id })],
  ["uptime badge.svg", uptimeSvg.GET, (w) => ({ serviceId: w.dbs.id, window: "7d" })],
  ["uptime badge.json", uptimeJson.GET, (w) => ({ serviceId: w.dbs.id, window: "30d" })],
  ["summary.json", summary.GET, () => ({})],
  ["status.json", status.GET, () => ({})],
  ["components.json", components.GET, () => ({})],
  ["incidents.json", incidents.GET, () => ({})],
  ["incidents/unresolved.json", unresolved.GET, () => ({})],
  ["scheduled-maintenances.json", maintenances.GET, () => ({})],
  ["scheduled-maintenances/upcoming.json", upcoming.GET, () => ({})],
  ["scheduled-maintenances/active.json", active.GET, () => ({})],
  ["feed.rss", feedRss.GET, () => ({})],
  ["feed.atom", feedAtom.GET, () => ({})],
  ["history.rss", historyRss.GET, () => ({})],
  ["history.atom", historyAtom.GET, () => ({})],
  ["maintenance.ics", calendar.GET, () => ({})],
  ["og.png", pageOg.GET, () => ({})],
  ["incident og.png", incidentOg.GET, () => ({ id: secretIncidentId })],
  ["embed", widget.GET, () => ({})],
  ["embed.js", script.GET, () => ({})],
];

const SECRETS = ["Secret ops", "Hidden database trouble", "classified", "Database upgrade"];

async function secretCall(route: Route, query = "", init: RequestInit = {}) {
  const [, handler, extra] = route;
  return call(handler, `/${w.secret.url}/x${query}`, { site: w.secret.url, ...extra(w) }, init);
}

function expectPrivateHeaders(res: Response) {
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  expect(res.headers.get("x-robots-tag")).toBe("noindex");
  expect(res.headers.get("x-heliograph-cache-tags")).toBeNull();
}

describe(`private pages leak through no embed route on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it.each(ROUTES.map((r) => [r[0], r] as const))("%s: 401 without a key, never cached, nothing of the page in the body", async (_name, route) => {
    for (const init of [{}, { headers: { authorization: "Bearer hgpk_wrong" } }, { headers: { authorization: `Basic ${w.pageKey}` } }]) {
      const res = await secretCall(route, "", init);
      expect(res.status).toBe(401);
      expectPrivateHeaders(res);
      const body = Buffer.from(await res.arrayBuffer()).toString("latin1");
      for (const s of SECRETS) expect(body).not.toContain(s);
    }
    const wrongKey = await secretCall(route, "?key=nope");
    expect(wrongKey.status).toBe(401);
  });

  it.each(ROUTES.map((r) => [r[0], r] as const))("%s: 200 with the page key (query or bearer) or the access cookie, with private headers", async (_name, route) => {
    const cookie = (await accessCookieFor(w.db, w.secret.id, `k.${w.pageKeyId}`)).split(";")[0];
    const attempts: [string, RequestInit][] = [
      [`?key=${encodeURIComponent(w.pageKey)}`, {}],
      ["", { headers: { authorization: `Bearer ${w.pageKey}` } }],
      ["", { headers: { cookie } }],
    ];
    for (const [query, init] of attempts) {
      const res = await secretCall(route, query, init);
      expect(res.status, query || JSON.stringify(init)).toBe(200);
      expectPrivateHeaders(res);
    }
  });

  it("the public page's routes all carry the shared-cache headers and their page tag", async () => {
    for (const [name, handler, extra] of ROUTES) {
      const params = { site: w.page.url, ...extra(w), ...(name === "incident og.png" ? { id: w.open.incident.id } : {}) };
      const res = await call(handler, `/${w.page.url}/x`, params);
      expect(res.status, name).toBe(200);
      expect(res.headers.get("cache-control"), name).toBe("public, max-age=0, s-maxage=5, stale-while-revalidate=30, stale-if-error=86400");
      expect(res.headers.get("x-heliograph-cache-tags"), name).toBe(`page:${w.page.id}`);
      expect(res.headers.get("etag"), name).toBeTruthy();
    }
  });

  it("a revoked key, or another page's cookie, opens nothing", async () => {
    const otherCookie = (await accessCookieFor(w.db, w.page.id, `k.${w.pageKeyId}`)).split(";")[0].replace(w.page.id.replaceAll("-", ""), w.secret.id.replaceAll("-", ""));
    expect((await secretCall(ROUTES[6], "", { headers: { cookie: otherCookie } })).status).toBe(401);
    await revokePageKey(w.db, w.accountId, w.secret.id, w.pageKeyId);
    for (const route of [ROUTES[0], ROUTES[6], ROUTES[14]]) {
      expect((await secretCall(route, `?key=${encodeURIComponent(w.pageKey)}`)).status).toBe(401);
    }
  });
});
