import { getGenerations } from "./generations";
import { pageTag, TENANCY_TAG } from "./tags";

/** Called by domain verbs after their transaction commits: every cached response of these pages is dropped. */
export async function invalidatePages(pageIds: Iterable<string>, opts: { tenancy?: boolean } = {}): Promise<void> {
  const tags = [...new Set(pageIds)].map(pageTag);
  if (opts.tenancy) tags.push(TENANCY_TAG);
  if (tags.length > 0) await getGenerations().bump(tags);
}
