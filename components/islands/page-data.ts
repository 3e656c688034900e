import type { ThemeChoice } from "@/lib/theme/script";
import type { PageLocale } from "@/lib/time/locale";

/**
 * What the islands of a statically rendered page need from the server, written once into the page as JSON
 * (<script type="application/json" id={PAGE_DATA_ID}>): the theme's storage key and default, the page's
 * language with the few words client components say, and the page's zone for times.
 */
export interface IslandPageData {
  storageKey: string;
  defaultTheme: ThemeChoice;
  locale: PageLocale;
  messages: Record<string, unknown>;
  zone: string;
}

export const PAGE_DATA_ID = "hg-islands";

/** JSON safe inside <script>: no "</script>", "<!--" or line separators can end or bend the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
