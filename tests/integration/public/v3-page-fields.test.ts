/**
 * The v3 page fields a visitor or a crawler meets: footer text and legal links in the page footer (escaped,
 * as written), and `allowIndexing: false` keeping the page out of the sitemap, robots.txt and search results.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SiteFooter } from "@/components/site/site-chrome";
import { robotsFor, sitemapFor } from "@/lib/public-page/crawl";
import { siteMetadata } from "@/lib/public-page/metadata";
import { findPageById } from "@/lib/status-pages/queries";
import type { TenancyConfig } from "@/lib/tenancy/route";
import { slug, tenant } from "../api/fixtures";

const cfg: TenancyConfig = { publicOrigin: "https://status.example.com", trustProxy: false, rootRedirect: null };
const primary = { host: "status.example.com", forwardedHost: null };

async function v3Page(body: Record<string, unknown>) {
  const t = await tenant("v3 fields");
  const res = await t.api.post("/v3/status-pages", { name: "Fields", url: slug("fields"), ...body });
  expect(res.status, res.text).toBe(201);
  return { t, page: (await findPageById(t.db, res.body.id))! };
}

describe(`v3 page fields on the public side (${process.env.HELIOGRAPH_TEST_STORE})`, () => {
  it("shows the footer text and legal links, escaped", async () => {
    const { page } = await v3Page({ footerText: "© Acme <script>alert(1)</script>\nAll rights reserved", privacyPolicyLink: "https://acme.example/privacy", termsOfServiceLink: null });
    const html = renderToStaticMarkup(SiteFooter({ page }));
    expect(html).toContain("© Acme &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<script>");
    expect(html).toContain('href="https://acme.example/privacy"');
    expect(html).toContain("Privacy policy");
    expect(html).not.toContain("Terms of service");
  });

  it("keeps a page that does not allow indexing out of the sitemap, robots.txt and search results", async () => {
    const domain = `noindex-${Date.now()}.acme.test`;
    const hidden = await v3Page({ allowIndexing: false });
    const hiddenOnDomain = await v3Page({ allowIndexing: false, customDomain: domain });
    const shown = await v3Page({ allowIndexing: true });
    const urls = (await sitemapFor(primary, cfg)).map((e) => e.url);
    expect(urls).toContain(`https://status.example.com/${shown.page.url}`);
    expect(urls.join(" ")).not.toContain(hidden.page.url);
    expect(await sitemapFor({ host: domain, forwardedHost: null }, cfg)).toEqual([]);
    expect(await robotsFor({ host: domain, forwardedHost: null }, cfg)).toEqual({ rules: { userAgent: "*", disallow: "/" } });
    expect(hiddenOnDomain.page.allow_indexing).toBe(0);

    const site = (page: typeof hidden.page) => ({ page, base: `/${page.url}` as const, address: `https://status.example.com/${page.url}`, access: true, locale: "en" as const });
    expect(siteMetadata(site(hidden.page), { title: "t", path: "" }).robots).toEqual({ index: false, follow: true });
    expect(siteMetadata(site(shown.page), { title: "t", path: "" }).robots).toBeUndefined();
  });
});
