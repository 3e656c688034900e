import type { MetadataRoute } from "next";
import { headers } from "next/headers";
import { robotsFor } from "@/lib/public-page/crawl";
import { tenancyConfig } from "@/lib/tenancy/config";

export const dynamic = "force-dynamic";

export default async function robots(): Promise<MetadataRoute.Robots> {
  const h = await headers();
  return robotsFor({ host: h.get("host"), forwardedHost: h.get("x-forwarded-host") }, tenancyConfig());
}
