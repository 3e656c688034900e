import type { Metadata } from "next";
import type { Site } from "./site";

/** Title, description, canonical address (the custom domain when set) and Open Graph tags of a page route. */
export function siteMetadata(site: Site, opts: { title: string; path: string; description?: string | null }): Metadata {
  const { page } = site;
  if (!site.access) return { title: `${page.name} (private status page)`, robots: { index: false, follow: false } };
  const canonical = `${site.address}${opts.path}`;
  const description = opts.description || page.description || `Current status, incidents and uptime of ${page.name}.`;
  return {
    title: opts.title,
    description,
    alternates: { canonical },
    openGraph: { title: opts.title, description, url: canonical, siteName: `${page.name} status`, type: "website" },
    twitter: { card: "summary", title: opts.title, description },
    robots: page.is_private ? { index: false, follow: false } : undefined,
  };
}
