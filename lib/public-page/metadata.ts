import type { Metadata } from "next";
import type { Site } from "./site";

/**
 * What a page route says about itself in <head>: title, description, canonical address (the custom domain
 * when set), link-preview image and robots. Plain data, written by Next's metadata for App Router pages
 * (siteMetadata) and by components/pages/meta-tags.tsx for the statically rendered ones.
 */
export interface PageMeta {
  title: string;
  description?: string;
  canonical?: string;
  siteName?: string;
  image?: { url: string; width: number; height: number; alt: string };
  robots?: { index: boolean; follow: boolean };
}

export function pageMeta(site: Site, opts: { title: string; path: string; description?: string | null }): PageMeta {
  const { page } = site;
  if (!site.access) return { title: `${page.name} (private status page)`, robots: { index: false, follow: false } };
  const canonical = `${site.address}${opts.path}`;
  const description = opts.description || page.description || `Current status, incidents and uptime of ${page.name}.`;
  // Link previews: an incident shows its own image, every other route the page's; private pages none.
  const url = opts.path.startsWith("/incidents/") ? `${canonical}/og.png` : `${site.address}/og.png`;
  return {
    title: opts.title,
    description,
    canonical,
    siteName: `${page.name} status`,
    image: page.is_private ? undefined : { url, width: 1200, height: 630, alt: opts.title },
    // A private page never; a v3 page whose owner set allowIndexing false asks search engines to stay out too.
    robots: page.is_private ? { index: false, follow: false } : Number(page.allow_indexing) === 0 ? { index: false, follow: true } : undefined,
  };
}

/** Title, description, canonical address and Open Graph tags of an App Router page route. */
export function siteMetadata(site: Site, opts: { title: string; path: string; description?: string | null }): Metadata {
  const m = pageMeta(site, opts);
  if (!m.canonical) return { title: m.title, robots: m.robots };
  const images = m.image ? [m.image] : undefined;
  return {
    title: m.title,
    description: m.description,
    alternates: { canonical: m.canonical },
    openGraph: { title: m.title, description: m.description, url: m.canonical, siteName: m.siteName, type: "website", images },
    twitter: { card: images ? "summary_large_image" : "summary", title: m.title, description: m.description, images },
    robots: m.robots,
  };
}

/** "Acme Cloud status": the status page's own title, and the suffix of its other routes' titles. */
export const siteTitle = (page: { name: string }) => `${page.name} status`;

/** The operator's favicon, else Heliograph's. */
export const siteIcon = (page: { favicon: string | null }): { url: string; type?: string } => (page.favicon ? { url: page.favicon } : { url: "/heliograph.svg", type: "image/svg+xml" });
