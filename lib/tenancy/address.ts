import type { StatusPage } from "@/lib/db/types";
import { DOMAIN_BASE } from "./headers";

/**
 * Where a page lives for visitors: its custom domain when set, else /<slug> on the public URL.
 * Links in pages, feeds and emails are built from this, never from request headers.
 */
export function pageAddress(page: Pick<StatusPage, "url" | "custom_domain">, publicUrl: string): string {
  const origin = new URL(publicUrl);
  if (page.custom_domain) return `${origin.protocol}//${page.custom_domain}`;
  return `${origin.origin}/${page.url}`;
}

/** The path prefix of in-page links for a request: "" on a custom domain, "/<slug>" on the primary host. */
export type SiteBase = "" | `/${string}`;

/** Accepts only the two bases this page can have, so a forged header cannot point links elsewhere. */
export function validBase(raw: string | null, page: Pick<StatusPage, "url" | "custom_domain">): SiteBase {
  if (raw === DOMAIN_BASE && page.custom_domain) return "";
  return `/${page.url}`;
}
