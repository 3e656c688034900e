import "server-only";
import type { MetadataRoute } from "next";
import { getReadyDb } from "@/lib/db";
import { listAllPageAddresses } from "@/lib/status-pages/queries";
import { tenantByDomain } from "@/lib/tenancy/lookup";
import { classifyHost, type TenancyConfig } from "@/lib/tenancy/route";

/** robots.txt and sitemap.xml per host: public pages only; private pages are never listed. */
type HostHeaders = { host: string | null; forwardedHost: string | null };

export async function robotsFor(req: HostHeaders, cfg: TenancyConfig): Promise<MetadataRoute.Robots> {
  const kind = classifyHost(req, cfg);
  if (kind.kind === "primary") return { rules: { userAgent: "*", allow: "/" }, sitemap: `${cfg.publicOrigin}/sitemap.xml` };
  if (kind.kind === "domain") {
    const tenant = await tenantByDomain(kind.hostname);
    if (tenant && !tenant.isPrivate) {
      return { rules: { userAgent: "*", allow: "/" }, sitemap: `${new URL(cfg.publicOrigin).protocol}//${kind.hostname}/sitemap.xml` };
    }
  }
  return { rules: { userAgent: "*", disallow: "/" } };
}

export async function sitemapFor(req: HostHeaders, cfg: TenancyConfig): Promise<MetadataRoute.Sitemap> {
  const kind = classifyHost(req, cfg);
  const entries = (address: string): MetadataRoute.Sitemap => [
    { url: address, changeFrequency: "always", priority: 1 },
    { url: `${address}/history`, changeFrequency: "daily", priority: 0.5 },
  ];
  if (kind.kind === "primary") {
    const pages = await listAllPageAddresses(await getReadyDb());
    return pages
      .filter((p) => !p.is_private && !p.custom_domain)
      .sort((a, b) => a.url.localeCompare(b.url))
      .flatMap((p) => entries(`${cfg.publicOrigin}/${p.url}`));
  }
  if (kind.kind === "domain") {
    const tenant = await tenantByDomain(kind.hostname);
    if (tenant && !tenant.isPrivate) return entries(`${new URL(cfg.publicOrigin).protocol}//${kind.hostname}`);
  }
  return [];
}
