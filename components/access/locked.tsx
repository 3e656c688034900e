import { UnlockForm } from "./unlock-form";

/** A private page the visitor has not unlocked (proxy.ts has set 401): the form, nothing of the page. */
export function Locked({ pageName, base, path, query }: { pageName: string; base: string; path: string; query: Record<string, string | string[] | undefined> }) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (typeof v === "string" && k !== "denied" && k !== "key") params.set(k, v);
  const search = params.toString();
  return <UnlockForm pageName={pageName} base={base} next={`${path}${search ? `?${search}` : ""}`} denied={query.denied === "1"} />;
}
