import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as pageOg from "@/app/(status)/[site]/og.png/route";
import * as incidentOg from "@/app/(status)/[site]/incidents/[id]/og.png/route";
import { pngSize } from "@/lib/og/text";
import { clearLogoCache, fetchLogo } from "@/lib/og/logo";
import { createGuard } from "@/lib/outbound";
import { updatePage } from "@/lib/status-pages/service";
import { createIncident } from "@/lib/incidents/service";
import { buildWorld, call, type World } from "./fixture";

const PIXEL = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

let w: World;
let server: Server;
let hits = 0;
let logoUrl: string;

beforeAll(async () => {
  w = await buildWorld();
  server = createServer((req, res) => {
    hits++;
    if (req.url === "/logo.png") res.writeHead(200, { "content-type": "image/png" }).end(PIXEL);
    else if (req.url === "/page.html") res.writeHead(200, { "content-type": "text/html" }).end("<html></html>");
    else res.writeHead(302, { location: "http://169.254.169.254/" }).end();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  logoUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/logo.png`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function image(res: Response) {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("image/png");
  return new Uint8Array(await res.arrayBuffer());
}

describe(`Open Graph images on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("page and incident images are 1200×630 PNGs, cached with the page, drawn without any network fetch", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    try {
      const page = await call(pageOg.GET, `/${w.page.url}/og.png`, { site: w.page.url });
      expect(page.headers.get("x-heliograph-cache-tags")).toBe(`page:${w.page.id}`);
      expect(pngSize(await image(page))).toEqual({ width: 1200, height: 630 });
      // names outside the bundled font (CJK, emoji) must not make the engine download fonts
      const cjk = await createIncident(w.db, w.accountId, { name: "数据库故障 🔥 Ümlaut – “quoted”", severity: "CRITICAL", serviceIds: [w.web.id], update: { description: "x" } });
      for (const id of [w.open.incident.id, cjk.incident.id]) {
        const incident = await call(incidentOg.GET, "/x", { site: w.page.url, id });
        expect(pngSize(await image(incident))).toEqual({ width: 1200, height: 630 });
      }
      // the engine loads its own wasm from data: URIs; nothing may go over the network
      const urls = fetchSpy.mock.calls.map(([u]) => String(u instanceof Request ? u.url : u));
      expect(urls.filter((u) => !u.startsWith("data:"))).toEqual([]);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it("an image drawn once is not served for content that changed (the drawings are kept by what they show)", async () => {
    const before = await image(await call(pageOg.GET, `/${w.page.url}/og.png`, { site: w.page.url }));
    expect(await image(await call(pageOg.GET, `/${w.page.url}/og.png`, { site: w.page.url }))).toEqual(before);
    // Renamed (the name is drawn in the header): the same page, different content.
    const cards = [{ name: "Core", services: [{ id: w.api.id }, { id: w.web.id }] }];
    await updatePage(w.db, w.accountId, w.page.id, { name: `${w.page.name} renamed`, url: w.page.url, cards });
    const after = await image(await call(pageOg.GET, `/${w.page.url}/og.png`, { site: w.page.url }));
    expect(pngSize(after)).toEqual({ width: 1200, height: 630 });
    expect(Buffer.from(after).equals(Buffer.from(before))).toBe(false);
  });

  it("an incident of another page, or no incident at all, is 404", async () => {
    for (const id of [w.open.incident.id, "nope", "00000000-0000-4000-8000-000000000000"]) {
      const res = await call(incidentOg.GET, "/x", { site: w.secret.url, id }, { headers: { authorization: `Bearer ${w.pageKey}` } });
      expect(res.status).toBe(404);
    }
  });

  it("the logo is fetched through the SSRF guard: a loopback logo is refused unless allow-listed", async () => {
    clearLogoCache();
    await updatePage(w.db, w.accountId, w.page.id, { name: w.page.name, url: w.page.url, logo: logoUrl, cards: [{ name: "Core", services: [{ id: w.api.id }] }] });
    const before = hits;
    const res = await call(pageOg.GET, `/${w.page.url}/og.png`, { site: w.page.url });
    expect(pngSize(await image(res))).toEqual({ width: 1200, height: 630 });
    expect(hits).toBe(before); // the default guard never connected to 127.0.0.1

    clearLogoCache();
    const allowed = createGuard({ allow: "127.0.0.1" });
    expect(await fetchLogo(logoUrl, allowed)).toBe(`data:image/png;base64,${PIXEL.toString("base64")}`);
    expect(hits).toBe(before + 1);
    // not an image, or a redirect towards a metadata address: no logo, nothing followed
    expect(await fetchLogo(logoUrl.replace("logo.png", "page.html"), allowed)).toBeNull();
    expect(await fetchLogo(logoUrl.replace("logo.png", "elsewhere"), allowed)).toBeNull();
    expect(await fetchLogo("not a url", allowed)).toBeNull();
    clearLogoCache();
  });
});
