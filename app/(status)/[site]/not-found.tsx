import { headers } from "next/headers";
import { BASE_HEADER } from "@/lib/tenancy/headers";

/** A missing incident (or other route) under an existing page, inside the page's own frame. */
export default async function NotFound() {
  const raw = (await headers()).get(BASE_HEADER);
  const base = raw !== null && /^(\/[a-z0-9-]+)?$/.test(raw) ? raw : null;
  return (
    <section aria-labelledby="nf-title">
      <h1 id="nf-title" className="page-title">
        Not found
      </h1>
      <p className="muted">There is nothing at this address on this status page. The incident may have been removed, or the link is mistyped.</p>
      {base !== null && <a href={base || "/"}>← Back to the current status</a>}
    </section>
  );
}
