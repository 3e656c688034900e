import { headers } from "next/headers";
import { getReadyDb } from "@/lib/db";
import { findPageById } from "@/lib/status-pages/queries";
import { validBase } from "@/lib/tenancy/address";
import { BASE_HEADER, PAGE_ID_HEADER, safeSubpath, SUBPATH_HEADER } from "@/lib/tenancy/headers";
import { UnlockForm } from "@/components/access/unlock-form";

/** 401 for a private page the visitor has not unlocked: the key / password form, nothing of the page. */
export default async function Unauthorized() {
  const h = await headers();
  const id = h.get(PAGE_ID_HEADER);
  const page = id ? await findPageById(await getReadyDb(), id).catch(() => undefined) : undefined;
  if (!page) {
    return <h1 className="page-title">This status page is private</h1>;
  }
  const sub = new URL(safeSubpath(h.get(SUBPATH_HEADER)) || "/", "http://x");
  const denied = sub.searchParams.get("denied") === "1";
  sub.searchParams.delete("denied");
  const next = sub.pathname === "/" ? sub.search : `${sub.pathname}${sub.search}`;
  return <UnlockForm pageName={page.name} base={validBase(h.get(BASE_HEADER), page)} next={next} denied={denied} />;
}
