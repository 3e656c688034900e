import type { MetadataRoute } from "next";
import { headers } from "next/headers";
import { sitemapFor } from "@/lib/public-page/crawl";
import { tenancyConfig } from "@/lib/tenancy/config";

export const dynamic = "force-dynamic";

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const h = await headers();
  return sitemapFor({ host: h.get("host"), forwardedHost: h.get("x-forwarded-host") }, tenancyConfig());
}
