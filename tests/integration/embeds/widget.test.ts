import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import * as widget from "@/app/(status)/[site]/embed/route";
import * as script from "@/app/(status)/[site]/embed.js/route";
import { env } from "@/lib/env";
import { buildWorld, call, type World } from "./fixture";

let w: World;
let pageUrl: string;
beforeAll(async () => {
  w = await buildWorld();
  pageUrl = `${new URL(env.HELIOGRAPH_PUBLIC_URL).origin}/${w.page.url}`;
});

describe(`widget and embed.js on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("the widget is frameable by anyone, runs nothing, and shows status, open incidents and maintenance", async () => {
    const res = await call(widget.GET, `/${w.page.url}/embed`, { site: w.page.url }, { headers: { host: "evil.example" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors *");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src");
    expect(res.headers.get("x-heliograph-cache-tags")).toBe(`page:${w.page.id}`);
    const html = await res.text();
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("evil.example");
    expect(html).toContain("<title>Public &amp; &lt;Co&gt; status</title>");
    expect(html).toContain("Major outage");
    expect(html).toContain(`href="${pageUrl}/incidents/${w.open.incident.id}" target="_blank" rel="noopener">API errors &lt;script&gt;alert(1)&lt;/script&gt;</a>`);
    expect(html).toContain("Database upgrade");
    expect(html).not.toContain("Slow website"); // resolved incidents are not current
    // no timed refresh (axe meta-refresh, critical): a frame is current when its host page loads
    expect(html).not.toContain(`http-equiv="refresh"`);
  });

  it("theme follows ?theme=, else the page default", async () => {
    const dark = await (await call(widget.GET, `/${w.page.url}/embed?theme=dark`, { site: w.page.url })).text();
    expect(dark).toContain("color-scheme:dark}");
    const auto = await (await call(widget.GET, `/${w.page.url}/embed?theme=bogus`, { site: w.page.url })).text();
    expect(auto).toContain("@media (prefers-color-scheme:dark)");
  });

  it("an unknown page answers a small frameable HTML 404", async () => {
    const res = await call(widget.GET, "/nope/embed", { site: "nope" });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(await res.text()).toContain("Status page not found.");
  });

  it("embed.js: JavaScript that parses, served cross-origin, under 5 KB gzipped", async () => {
    const res = await call(script.GET, `/${w.page.url}/embed.js`, { site: w.page.url });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    expect(res.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const body = await res.text();
    expect(() => new Function(body)).not.toThrow();
    const gz = gzipSync(body, { level: 9 }).length;
    console.log(`embed.js: ${body.length} bytes, ${gz} bytes gzipped`);
    expect(gz).toBeLessThan(5 * 1024);
    expect(body).not.toMatch(/\bimport\b|require\(/); // no dependencies
  });
});
