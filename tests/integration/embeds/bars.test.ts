/**
 * A component's labelled uptime bars (/<slug>/components/<id>/bars, lib/public-page/component-bars.ts): the
 * elements the page carries bare, each with what its days were, in the page's language or ?lang=, escaped;
 * a component the page does not show is not found; a private page asks for its key.
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as bars from "@/app/(status)/[site]/components/[componentId]/bars/route";
import { barsHtml } from "@/lib/public-page/bars";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { buildWorld, call, type World } from "./fixture";

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});

const path = (slug: string, id: string, q = "") => `/${slug}/components/${id}/bars${q}`;
const get = (slug: string, id: string, q = "", init: RequestInit = {}) => call(bars.GET, path(slug, id, q), { site: slug, componentId: id }, init);
/** The elements without their labels and tooltip directions: what the page itself carries. */
const bare = (html: string) => html.replace(/<span>[^<]*<\/span>/g, "").replace(/ data-p=\d+| data-h/g, "");

describe(`a component's labelled bars on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("are the page's elements, each labelled with its days, the incident named and escaped", async () => {
    const res = await get(w.page.url, w.api.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("cache-control")).toMatch(/public/);
    const html = await res.text();
    const snap = await loadPageSnapshot(w.db, w.page);
    const api = snap.components.find((c) => c.id === w.api.id)!;
    expect(bare(html)).toBe(barsHtml(api.days));
    expect(html.match(/<li /g)!.length).toBe(html.match(/<span>/g)!.length);
    // Today: the open MAJOR incident, by name, escaped.
    expect(html).toMatch(/<span>[^<]*: Major outage \([^)]*downtime\) · [\d.]+% uptime · 1 incident: API errors &lt;script&gt;alert\(1\)&lt;\/script&gt;<\/span><\/li>$/);
    expect(html).not.toContain("<script>");
  });

  it("speak the visitor's ?lang=, or the page's language", async () => {
    const de = await (await get(w.page.url, w.web.id, "?lang=de")).text();
    expect(de).toMatch(/Verfügbarkeit/);
    expect(de).toMatch(/1 Störung: Slow website/);
    expect(await (await get(w.page.url, w.web.id)).text()).toMatch(/1 incident: Slow website/);
  });

  it("of a component the page does not show, or of no component, are not found", async () => {
    const other = await get(w.secret.url, w.api.id, "", { headers: { authorization: `Bearer ${w.pageKey}` } });
    expect(other.status).toBe(404);
    expect((await get(w.page.url, "nope")).status).toBe(404);
  });

  it("of a private page need its key, and are never shared-cached", async () => {
    expect((await get(w.secret.url, w.dbs.id)).status).toBe(401);
    const ok = await get(w.secret.url, w.dbs.id, "", { headers: { authorization: `Bearer ${w.pageKey}` } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).not.toMatch(/public/);
    expect(await ok.text()).toMatch(/Under maintenance|maintenance/);
  });
});
