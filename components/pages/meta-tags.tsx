import type { PageMeta } from "@/lib/public-page/metadata";

/**
 * A statically rendered page's <head> metadata: the tags Next's metadata API writes for App Router pages
 * (lib/public-page/metadata.ts siteMetadata), from the same PageMeta.
 */
export function MetaTags({ meta, icon }: { meta: PageMeta; icon: { url: string; type?: string } }) {
  const { image, robots } = meta;
  return (
    <>
      <title>{meta.title}</title>
      {meta.description && <meta name="description" content={meta.description} />}
      {robots && <meta name="robots" content={`${robots.index ? "index" : "noindex"}, ${robots.follow ? "follow" : "nofollow"}`} />}
      {meta.canonical && (
        <>
          <link rel="canonical" href={meta.canonical} />
          <meta property="og:title" content={meta.title} />
          {meta.description && <meta property="og:description" content={meta.description} />}
          <meta property="og:url" content={meta.canonical} />
          {meta.siteName && <meta property="og:site_name" content={meta.siteName} />}
          {image && (
            <>
              <meta property="og:image" content={image.url} />
              <meta property="og:image:width" content={String(image.width)} />
              <meta property="og:image:height" content={String(image.height)} />
              <meta property="og:image:alt" content={image.alt} />
            </>
          )}
          <meta property="og:type" content="website" />
          <meta name="twitter:card" content={image ? "summary_large_image" : "summary"} />
          <meta name="twitter:title" content={meta.title} />
          {meta.description && <meta name="twitter:description" content={meta.description} />}
          {image && (
            <>
              <meta name="twitter:image" content={image.url} />
              <meta name="twitter:image:alt" content={image.alt} />
            </>
          )}
        </>
      )}
      <link rel="icon" href={icon.url} type={icon.type} />
    </>
  );
}
