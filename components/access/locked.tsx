import type { PageLocale } from "@/lib/time/locale";
import { UnlockForm } from "./unlock-form";

/** A private page the visitor has not unlocked (proxy.ts has set 401): the form, nothing of the page. */
export function Locked({
  pageName,
  base,
  path,
  query,
  locale = "en",
  lang = null,
}: {
  pageName: string;
  base: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  /** the language shown (the visitor's ?lang= or the page's own) */
  locale?: PageLocale;
  /** the ?lang= to keep (null when it is the page's own): `next` keeps it anyway, the form's answers read it */
  lang?: PageLocale | null;
}) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (typeof v === "string" && k !== "denied" && k !== "key") params.set(k, v);
  const search = params.toString();
  return <UnlockForm pageName={pageName} base={base} next={`${path}${search ? `?${search}` : ""}`} denied={query.denied === "1"} locale={locale} lang={lang} />;
}
