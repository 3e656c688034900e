import "server-only";
import { getReadyDb } from "@/lib/db";
import type { StatusPage } from "@/lib/db/types";
import { getGenerations, type GenerationStore } from "@/lib/cache/generations";
import { TENANCY_TAG } from "@/lib/cache/tags";
import { findPageByDomain, findPageBySlug } from "@/lib/status-pages/queries";
import { localeOf, type PageLocale } from "@/lib/time/locale";
import { processSlot } from "@/lib/runtime/process-state";

/** What routing needs to know about a page. */
export interface TenantPage {
  id: string;
  accountId: string;
  slug: string;
  customDomain: string | null;
  isPrivate: boolean;
  /** the page's default language (a visitor may pick another with ?lang=) */
  locale: PageLocale;
}

interface Entry {
  page: TenantPage | null;
  at: number;
}

const MAX_ENTRIES = 10_000;
// Invalidation drops entries at once; the TTL only bounds staleness if an event were ever missed.
const TTL_MS = 60_000;

class TenantCache {
  private readonly entries = new Map<string, Entry>();
  private store: GenerationStore | null = null;
  private unsubscribe: (() => void) | null = null;
  /** bumped by every invalidation, so a lookup that raced one is not kept */
  private epoch = 0;

  /** (Re)subscribes when the process-wide generation store was replaced (e.g. by the Redis one at start-up). */
  private ensureSubscribed(): void {
    const store = getGenerations();
    if (store === this.store) return;
    this.unsubscribe?.();
    this.entries.clear();
    this.store = store;
    this.epoch++;
    this.unsubscribe = store.subscribe((tags) => this.onBump(tags));
  }

  private onBump(tags: readonly string[]): void {
    this.epoch++;
    if (tags.includes(TENANCY_TAG)) return this.entries.clear();
    const ids = new Set(tags.filter((t) => t.startsWith("page:")).map((t) => t.slice(5)));
    if (ids.size === 0) return;
    for (const [key, e] of this.entries) if (e.page && ids.has(e.page.id)) this.entries.delete(key);
  }

  async get(key: string, load: () => Promise<StatusPage | undefined>, now = Date.now()): Promise<TenantPage | null> {
    this.ensureSubscribed();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < TTL_MS) return hit.page;
    const epoch = this.epoch;
    const row = await load();
    const page = row ? { id: row.id, accountId: row.account_id, slug: row.url, customDomain: row.custom_domain, isPrivate: row.is_private === 1, locale: localeOf(row.locale) } : null;
    // An invalidation that arrived during the load may be newer than what we read: don't keep it.
    if (epoch === this.epoch) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.delete(key);
      this.entries.set(key, { page, at: now });
    }
    return page;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

const tenants = processSlot<TenantCache>("tenants");
const cache = (): TenantCache => tenants.getOrCreate(() => new TenantCache());

export async function tenantBySlug(slug: string): Promise<TenantPage | null> {
  return cache().get(`s:${slug}`, async () => findPageBySlug(await getReadyDb(), slug));
}

export async function tenantByDomain(hostname: string): Promise<TenantPage | null> {
  return cache().get(`d:${hostname}`, async () => findPageByDomain(await getReadyDb(), hostname));
}

/** For tests. */
export const tenantCache = () => cache();
