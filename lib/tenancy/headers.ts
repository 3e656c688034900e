/**
 * Request headers proxy.ts passes to the page it routes to. They are deleted from every incoming
 * request first, and pages validate them (see validBase), so a client cannot forge them.
 */
export const BASE_HEADER = "x-heliograph-base";
export const PAGE_ID_HEADER = "x-heliograph-page";
/** path below the page (e.g. "/incidents/<id>?x=1"), so a 401 or 404 screen can link back */
export const SUBPATH_HEADER = "x-heliograph-subpath";

export const TENANCY_HEADERS = [BASE_HEADER, PAGE_ID_HEADER, SUBPATH_HEADER] as const;

/** A sub-path as a link target: must stay below the page (no "//host" or "\" tricks). */
export function safeSubpath(raw: string | null | undefined): string {
  if (!raw || raw.length > 2000 || !raw.startsWith("/") || raw.startsWith("//") || /[\\\s]/.test(raw)) return "";
  return raw;
}
