/**
 * Status codes and headers of every public route as they arrive from the production server, for
 * public, private, custom-domain, unknown-host and missing cases; bad input never answers 5xx.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, raw } from "./cache-helpers";
import { startServer, type RunningServer } from "./harness";
import { CUSTOM_DOMAIN, makeExtras, PASSWORD, type Extras } from "./page-fixtures";

let server: RunningServer;
let x: Extras;

beforeAll(async () => {
  server = await startServer();
  x = await makeExtras(server);
});
afterAll(async () => {
  await server?.stop();
});

const PUBLIC = /^public, max-age=0, s-maxage=5, stale-while-revalidate=30, stale-if-error=86400$/;

describe("public status page routes", () => {
  it.each(["/acme", "/acme/history", "/acme/history?page=2"])("%s: 200, shared-cacheable", async (path) => {
    const r = await raw(server.url, path);
    expect(r.status).toBe(200);
    expect(r.headers["content-type"]).toMatch(/^text\/html/);
    expect(r.headers["cache-control"]).toMatch(PUBLIC);
    expect(r.headers["x-robots-tag"]).toBeUndefined();
  });

  it("an incident of the page: 200; of no page or malformed: 404 without a stack trace", async () => {
    const ok = await raw(server.url, `/acme/incidents/${x.openIncidentId}`);
    expect(ok.status).toBe(200);
    expect(ok.headers["cache-control"]).toMatch(PUBLIC);
    for (const path of ["/acme/incidents/00000000-0000-4000-8000-000000000000", "/acme/incidents/not-a-uuid", "/acme/incidents/%00"]) {
      const r = await raw(server.url, path);
      expect(r.status, path).toBe(404);
      // Rendered into the HTML (readable without JavaScript), inside the page's own frame.
      expect(r.text, path).toMatch(/<h1 id="nf-title" class="page-title">Not found<\/h1>/);
      expect(r.text).toContain("Acme Cloud");
      expect(r.text).not.toMatch(/at \w+ \(|node_modules|Error:/);
    }
    // A history page number the links never write is a stray parameter: dropped, the history's first page served.
    const first = await raw(server.url, "/acme/history");
    for (const path of ["/acme/history?page=abc", "/acme/history?page=0"]) {
      const r = await raw(server.url, path);
      expect(r.status, path).toBe(200);
      expect(r.text, path).toBe(first.text);
    }
  });

  it("an unknown slug or path is 404, rendered into the HTML, and not shared-cacheable", async () => {
    for (const path of ["/no-such-page", "/no-such-page/incidents/x", "/favicon.ico", "/acme/no-such-route"]) {
      const r = await raw(server.url, path);
      expect(r.status, path).toBe(404);
      expect(r.headers["cache-control"], path).not.toMatch(/public/);
      // below a page that exists, the 404 says so and links to it
      if (path.startsWith("/acme/")) expect(r.text, path).toMatch(/<h1 class="page-title">Page not found<\/h1>[\s\S]*<a href="\/acme">/);
      else expect(r.text, path).toMatch(/<h1 class="page-title">Status page not found<\/h1>/);
    }
  });

  it("a 404 below a page speaks the visitor's ?lang= and links back keeping it; inside the frame too", async () => {
    const r = await raw(server.url, "/acme/no-such-route?lang=ja");
    expect(r.status).toBe(404);
    expect(r.text).toMatch(/<html lang="ja"/);
    expect(r.text).toMatch(/<h1 class="page-title">ページが見つかりません<\/h1>[\s\S]*<a href="\/acme\?lang=ja">/);
    const incident = await raw(server.url, "/acme/incidents/00000000-0000-4000-8000-000000000000?lang=de");
    expect(incident.status).toBe(404);
    expect(incident.text).toMatch(/<h1 id="nf-title" class="page-title">Nicht gefunden<\/h1>/);
    expect(incident.text).toContain('href="/acme?lang=de"');
  });

  it("an unknown, odd or non-ASCII host is 404, never cached, never 5xx", async () => {
    for (const host of ["unknown.example.org", "under_score.test", "xn--bcher-kva.de", "[::2]:80", "status.custom.test.evil"]) {
      const r = await raw(server.url, "/", { host });
      expect(r.status, host).toBe(404);
      expect(r.headers["cache-control"], host).toBe("no-store");
    }
  });

  it("a custom domain serves its page at / and its sub-routes, whatever the case, trailing dot or port", async () => {
    for (const host of [CUSTOM_DOMAIN, CUSTOM_DOMAIN.toUpperCase(), `${CUSTOM_DOMAIN}.`, `${CUSTOM_DOMAIN}:8080`]) {
      const r = await raw(server.url, "/", { host });
      expect(r.status, host).toBe(200);
      expect(r.text).toContain("Custom Co");
      expect(r.headers["cache-control"]).toMatch(PUBLIC);
    }
    const history = await raw(server.url, "/history", { host: CUSTOM_DOMAIN });
    expect(history.status).toBe(200);
    expect(history.text).toContain('href="/history');
    expect(history.text).not.toContain('href="/custom-co/');
    const www = await raw(server.url, "/history", { host: `www.${CUSTOM_DOMAIN}` });
    expect(www.status).toBe(308);
    expect(www.headers.location).toBe(`http://${CUSTOM_DOMAIN}/history`);
    // The canonical address is the custom domain, also when the page is opened under /<slug>.
    const bySlug = await raw(server.url, "/custom-co");
    expect(bySlug.text).toMatch(/<link rel="canonical" href="http:\/\/status\.custom\.test\/?"/);
    expect(bySlug.text).toContain('<meta property="og:image" content="http://status.custom.test/og.png"/>');
  });

  it("a private page answers 401 with the unlock form, private and noindex, and shows nothing of the page", async () => {
    for (const path of ["/internal", "/internal/history", `/internal/incidents/${x.openIncidentId}`]) {
      const r = await raw(server.url, path);
      expect(r.status, path).toBe(401);
      expect(r.headers["cache-control"]).toBe("private, no-store");
      expect(r.headers["x-robots-tag"]).toBe("noindex");
      expect(r.text).toMatch(/<form action="\/internal\/access" method="post">/);
      expect(r.text).not.toContain("Secret card");
      expect(r.text).not.toContain("DNS");
    }
  });

  it("a private page opens with its key link or its password, and stays private", async () => {
    const link = await raw(server.url, `/internal?key=${x.privatePage.rawKey}`);
    expect(link.status).toBe(303);
    expect(link.headers.location).toBe("/internal");
    const cookie = String(link.headers["set-cookie"]).split(";")[0];
    expect(String(link.headers["set-cookie"])).toMatch(/HttpOnly; SameSite=Lax/);
    const page = await raw(server.url, "/internal", { cookie });
    expect(page.status).toBe(200);
    expect(page.text).toContain("Secret card");
    expect(page.headers["cache-control"]).toBe("private, no-store");
    expect(page.headers["x-robots-tag"]).toBe("noindex");

    const wrong = await fetch(`${server.url}/internal/access`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "secret=nope&next=%2Fhistory" });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("location")).toBe("/internal/history?denied=1");
    const right = await fetch(`${server.url}/internal/access`, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ secret: PASSWORD, next: "/history" }).toString() });
    expect(right.status).toBe(303);
    expect(right.headers.get("set-cookie")).toMatch(/^hg_access_/);
  });

  it("pages carry title, description, canonical address and Open Graph tags whose image exists", async () => {
    const page = await raw(server.url, "/acme");
    expect(page.text).toContain("<title>Acme Cloud status</title>");
    expect(page.text).toContain(`<link rel="canonical" href="${server.url}/acme"/>`);
    expect(page.text).toContain('<meta property="og:title" content="Acme Cloud status"/>');
    expect(page.text).toMatch(/<meta name="description" content="Live status of Acme Cloud/);
    const image = /<meta property="og:image" content="([^"]+)"/.exec(page.text)![1];
    expect(image).toBe(`${server.url}/acme/og.png`);
    const png = await raw(server.url, new URL(image).pathname);
    expect(png.status).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    const incident = await raw(server.url, `/acme/incidents/${x.openIncidentId}`);
    expect(incident.text).toMatch(/<title>Analytics pipeline running behind · Acme Cloud status<\/title>/);
    expect(incident.text).toContain(`<meta property="og:image" content="${server.url}/acme/incidents/${x.openIncidentId}/og.png"/>`);
    // A locked private page gives nothing away in its metadata either.
    const locked = await raw(server.url, "/internal");
    expect(locked.text).toContain("<title>Internal tools (private status page)");
    expect(locked.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(locked.text).not.toContain("og:image");
  });

  it("robots.txt and sitemap.xml list public pages only; / lists nothing", async () => {
    const robots = await raw(server.url, "/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.text).toContain("Sitemap:");
    expect(robots.text).not.toContain("internal");
    const sitemap = await raw(server.url, "/sitemap.xml");
    expect(sitemap.text).toContain(`${server.url}/acme</loc>`);
    expect(sitemap.text).not.toContain("internal");
    expect(sitemap.text).not.toContain("custom-co");
    const customMap = await raw(server.url, "/sitemap.xml", { host: CUSTOM_DOMAIN });
    expect(customMap.text).toContain(`http://${CUSTOM_DOMAIN}</loc>`);
    const landing = await raw(server.url, "/");
    expect(landing.status).toBe(200);
    expect(landing.text).not.toMatch(/Internal tools|\/internal|custom-co/);
  });

  it("markdown in updates renders inert: no script, no javascript: link, no raw HTML", async () => {
    const r = await api(server.url, x.key, "POST", `/v1/status-pages/incidents/${x.openIncidentId}/incident-updates`, {
      description: 'Hostile <script>alert("xss")</script> [click](javascript:alert(1)) <img src=x onerror=alert(2)> **bold**',
      status: "MONITORING",
    });
    expect(r.status).toBe(200);
    for (const path of ["/acme", `/acme/incidents/${x.openIncidentId}`]) {
      const page = await raw(server.url, path);
      expect(page.text).toContain("<strong>bold</strong>");
      expect(page.text).not.toMatch(/<script>alert|href="javascript:|onerror=alert/);
    }
  });
});
