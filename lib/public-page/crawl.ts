import "server-only";
import type { MetadataRoute } from "next";
import { getReadyDb } from "@/lib/db";
import { findPageById, listAllPageAddresses } from "@/lib/status-pages/queries";
import { tenantByDomain } from "@/lib/tenancy/lookup";
import { classifyHost, type TenancyConfig } from "@/lib/tenancy/route";

/** robots.txt and sitemap.xml per host: public pages that allow indexing only; private pages are never listed. */
type HostHeaders = { host: string | null; forwardedHost: string | null };

const indexable = (p: { is_private: number; allow_indexing: number }) => !p.is_private && Number(p.allow_indexing) === 1;

/** The page a custom domain serves, when search engines may index it. */
async function indexableDomainPage(hostname: string): Promise<boolean> {
  const tenant = await tenantByDomain(hostname);
  if (!tenant || tenant.isPrivate) return false;
  const page = await findPageById(await getReadyDb(), tenant.id);
  return !!page && indexable(page);
}

export async function robotsFor(req: HostHeaders, cfg: TenancyConfig): Promise<MetadataRoute.Robots> {
  const kind = classifyHost(req, cfg);
  if (kind.kind === "primary") return { rules: { userAgent: "*", allow: "/" }, sitemap: `${cfg.publicOrigin}/sitemap.xml` };
  if (kind.kind === "domain" && (await indexableDomainPage(kind.hostname))) {
    return { rules: { userAgent: "*", allow: "/" }, sitemap: `${new URL(cfg.publicOrigin).protocol}//${kind.hostname}/sitemap.xml` };
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
      .filter((p) => indexable(p) && !p.custom_domain)
      .sort((a, b) => a.url.localeCompare(b.url))
      .flatMap((p) => entries(`${cfg.publicOrigin}/${p.url}`));
  }
  if (kind.kind === "domain" && (await indexableDomainPage(kind.hostname))) return entries(`${new URL(cfg.publicOrigin).protocol}//${kind.hostname}`);
  return [];
}
