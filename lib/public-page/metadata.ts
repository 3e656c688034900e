import type { Metadata } from "next";
import type { Site } from "./site";

/** Title, description, canonical address (the custom domain when set) and Open Graph tags of a page route. */
export function siteMetadata(site: Site, opts: { title: string; path: string; description?: string | null; image?: string }): Metadata {
  const { page } = site;
  if (!site.access) return { title: `${page.name} (private status page)`, robots: { index: false, follow: false } };
  const canonical = `${site.address}${opts.path}`;
  const description = opts.description || page.description || `Current status, incidents and uptime of ${page.name}.`;
  // Link previews (issue 6): an incident shows its own image, every other route the page's; private pages none.
  const image = opts.path.startsWith("/incidents/") ? `${canonical}/og.png` : `${site.address}/og.png`;
  const images = page.is_private ? undefined : [{ url: image, width: 1200, height: 630, alt: opts.title }];
  return {
    title: opts.title,
    description,
    alternates: { canonical },
    openGraph: { title: opts.title, description, url: canonical, siteName: `${page.name} status`, type: "website", images },
    twitter: { card: images ? "summary_large_image" : "summary", title: opts.title, description, images },
    // A private page never; a v3 page whose owner set allowIndexing false asks search engines to stay out too.
    robots: page.is_private ? { index: false, follow: false } : Number(page.allow_indexing) === 0 ? { index: false, follow: true } : undefined,
  };
}
