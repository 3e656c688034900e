import { describe, expect, it } from "vitest";
import { getGenerations, MemoryGenerationStore, setGenerations } from "@/lib/cache/generations";
import { invalidatePages } from "@/lib/cache/invalidate";
import { updatePageRow } from "@/lib/status-pages/queries";
import { tenantByDomain, tenantBySlug, tenantCache } from "@/lib/tenancy/lookup";
import { makePage } from "./fixtures";

/** The host → page cache: kept between requests, dropped by the invalidations the domain verbs send. */
describe(`tenancy lookup cache on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("keeps a lookup until the page's tag (or the tenancy tag) is bumped", async () => {
    const p = await makePage();
    expect((await tenantBySlug(p.slug))?.isPrivate).toBe(false);
    // A write that bypasses the verbs (no invalidation) is not seen: the entry is cached.
    await updatePageRow(p.db, p.accountId, p.page.id, { is_private: 1 });
    expect((await tenantBySlug(p.slug))?.isPrivate).toBe(false);
    await invalidatePages([p.page.id]);
    expect((await tenantBySlug(p.slug))?.isPrivate).toBe(true);
    await updatePageRow(p.db, p.accountId, p.page.id, { is_private: 0 });
    await getGenerations().bump(["tenancy"]);
    expect((await tenantBySlug(p.slug))?.isPrivate).toBe(false);
  });

  it("caches misses too, until a tenancy change", async () => {
    const domain = `later-${Date.now()}.acme.test`;
    expect(await tenantByDomain(domain)).toBeNull();
    const p = await makePage({ customDomain: domain });
    // createPage bumps the tenancy tag, so the cached miss is gone.
    expect((await tenantByDomain(domain))?.id).toBe(p.page.id);
  });

  it("follows a replaced generation store (the Redis one installed at start-up)", async () => {
    const p = await makePage();
    await tenantBySlug(p.slug);
    const before = getGenerations();
    const replacement = new MemoryGenerationStore();
    setGenerations(replacement);
    try {
      await tenantBySlug(p.slug);
      await updatePageRow(p.db, p.accountId, p.page.id, { is_private: 1 });
      replacement.apply([`page:${p.page.id}`], 1);
      expect((await tenantBySlug(p.slug))?.isPrivate).toBe(true);
      expect(tenantCache().size).toBeGreaterThan(0);
    } finally {
      setGenerations(before);
    }
  });
});
