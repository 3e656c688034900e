/**
 * Every cache tag is built here, so a write and the reads it must refresh agree on names.
 * Public responses for a status page depend on `page:<id>`; domain writes compute the pages they
 * affect (lib/status-pages/affected.ts) and invalidate those.
 */
export const pageTag = (pageId: string) => `page:${pageId}`;
/** Host → page resolution (slugs, custom domains, privacy): bumped when any page's address or access changes. */
export const TENANCY_TAG = "tenancy";
