/** "Not found" inside a page's frame (proxy.ts has already set the 404 status). */
export function NotFoundContent({ base, what = "page" }: { base: string; what?: string }) {
  return (
    <section aria-labelledby="nf-title">
      <h1 id="nf-title" className="page-title">
        Not found
      </h1>
      <p className="muted">There is no such {what} on this status page. It may have been removed, or the link is mistyped.</p>
      <a href={base || "/"}>← Back to the current status</a>
    </section>
  );
}
