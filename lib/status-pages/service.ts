import "server-only";
import { mintedExpiry, type Minter } from "@/lib/api-keys/minting";
import type { Db } from "@/lib/db";
import { isUuid, newId } from "@/lib/db/ids";
import { toJson } from "@/lib/db/json";
import { pageOf, type PageRequest } from "@/lib/db/keyset";
import type { PageVersion, StatusPage, StatusPageKey } from "@/lib/db/types";
import { conflictOnDuplicate } from "@/lib/db/unique-violation";
import { invalidatePages } from "@/lib/cache/invalidate";
import { NotFoundError, ValidationError } from "@/lib/errors";
import { hashPassword, hashToken, maskToken, newToken } from "@/lib/secrets/tokens";
import { requireServices } from "@/lib/services/service";
import { assertWithinLimit } from "@/lib/accounts/entitlements";
import { assertRoomFor } from "@/lib/accounts/limits";
import { listOpenIncidentViews } from "@/lib/incidents/service";
import * as q from "./queries";
import { loadCards } from "./cards";
import { claimDomain } from "./domain-claim";
import { getPageOrThrow } from "./lookup";
import type { StatusPageGraph, StatusPageInput, StatusPageV3Input, StatusPageView } from "./types";

const KEY_PREFIX = "hgp_";

export async function loadPageGraph(db: Db, page: StatusPage): Promise<StatusPageGraph> {
  const [cards, keys] = await Promise.all([loadCards(db, page.id), q.listKeys(db, page.id)]);
  return { page, cards, keys };
}

/** The account's pages of one API version, oldest first. */
export async function listPages(db: Db, accountId: string, page: PageRequest, version: PageVersion = 1) {
  return pageOf(await q.listPages(db, accountId, version, page), page.limit);
}

export async function loadPageView(db: Db, page: StatusPage): Promise<StatusPageView> {
  const graph = await loadPageGraph(db, page);
  const serviceIds = [...new Set(graph.cards.flatMap((c) => c.services.map((s) => s.id)))];
  return { graph, openIncidents: await listOpenIncidentViews(db, page.account_id, serviceIds) };
}

export async function getPageView(db: Db, accountId: string, id: string): Promise<StatusPageView> {
  return loadPageView(db, await getPageOrThrow(db, accountId, id, { version: 1 }));
}

export async function listPageViews(db: Db, accountId: string, page: PageRequest) {
  const { rows, next } = await listPages(db, accountId, page);
  const views: StatusPageView[] = [];
  for (const row of rows) views.push(await loadPageView(db, row));
  return { rows: views, next };
}

function pageColumns(input: StatusPageInput, at: number) {
  const set = <T>(v: T | undefined) => v;
  return {
    name: input.name,
    url: input.url,
    description: set(input.description),
    is_private: input.isPrivate === undefined ? undefined : input.isPrivate ? (1 as const) : (0 as const),
    default_theme: set(input.defaultTheme),
    theme_colors: input.themeColors === undefined ? undefined : input.themeColors === null ? null : toJson(input.themeColors),
    logo: set(input.logo),
    logo_dark: set(input.logoDark),
    favicon: set(input.favicon),
    redirect_to: set(input.redirectTo),
    timezone: set(input.timezone),
    locale: set(input.locale),
    updated_at: at,
  };
}

const duplicateAddress = { message: "A status page with this url or custom domain already exists", attributes: { fields: ["url", "customDomain"] } };

export async function createPage(db: Db, accountId: string, input: StatusPageInput): Promise<StatusPage> {
  const id = newId();
  const at = Date.now();
  await db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, accountId, "STATUS_PAGES");
    const cols = { ...pageColumns(input, at), ...(await claimDomain(trx, null, input.customDomain)) };
    await conflictOnDuplicate(
      () =>
        q.insertPage(trx, {
          ...cols,
          id,
          account_id: accountId,
          description: cols.description ?? null,
          custom_domain: cols.custom_domain ?? null,
          is_private: cols.is_private ?? 0,
          default_theme: cols.default_theme ?? "AUTO",
          theme_colors: cols.theme_colors ?? null,
          logo: cols.logo ?? null,
          logo_dark: cols.logo_dark ?? null,
          favicon: cols.favicon ?? null,
          redirect_to: cols.redirect_to ?? null,
          password_hash: null,
          version: 1,
          created_at: at,
        }),
      duplicateAddress.message,
      duplicateAddress.attributes,
    );
    await writeCards(trx, accountId, id, input.cards, at);
  });
  await invalidatePages([id], { tenancy: true });
  return getPageOrThrow(db, accountId, id);
}

/** PUT: the given fields replace the page's; cards replace its cards in the order given. */
export async function updatePage(db: Db, accountId: string, id: string, input: StatusPageInput): Promise<StatusPage> {
  const current = await getPageOrThrow(db, accountId, id, { version: 1 });
  const at = Date.now();
  await db.transaction().execute(async (trx) => {
    const cols = { ...pageColumns(input, at), ...(await claimDomain(trx, current, input.customDomain)) };
    await conflictOnDuplicate(() => q.updatePageRow(trx, accountId, id, cols), duplicateAddress.message, duplicateAddress.attributes);
    await writeCards(trx, accountId, id, input.cards, at);
  });
  await invalidatePages([id], { tenancy: true });
  return getPageOrThrow(db, accountId, id);
}

async function writeCards(db: Db, accountId: string, pageId: string, cards: StatusPageInput["cards"], at: number): Promise<void> {
  assertWithinLimit("CARDS_PER_STATUS_PAGE", 0, cards.length, { fields: ["cards"] });
  for (const [i, card] of cards.entries()) {
    assertWithinLimit("SERVICES_PER_CARD", 0, new Set(card.services.map((s) => s.id)).size, { fields: [`cards.${i}.services`] });
  }
  const existing = new Set((await q.listCards(db, pageId)).map((c) => c.id));
  const badIds = cards.map((c, i) => (c.id !== undefined && !existing.has(c.id) ? `cards.${i}.id` : null)).filter((x): x is string => x !== null);
  if (badIds.length > 0) throw new ValidationError("Card does not belong to this status page", { fields: badIds });
  for (const [i, card] of cards.entries()) {
    await requireServices(db, accountId, card.services.map((s) => s.id), `cards.${i}.services`);
  }
  await q.deleteCards(db, pageId, cards.flatMap((c) => (c.id ? [c.id] : [])));
  for (const [position, card] of cards.entries()) {
    const cardId = card.id ?? newId();
    if (card.id) await q.updateCard(db, cardId, { name: card.name, position, updated_at: at });
    else await q.insertCard(db, { id: cardId, status_page_id: pageId, name: card.name, position, created_at: at, updated_at: at });
    await q.replaceCardServices(db, cardId, [...new Set(card.services.map((s) => s.id))]);
  }
}

/** Deletes a page of the given API version with everything on it (cards, or components; keys, subscribers: FK cascade). */
export async function deletePage(db: Db, accountId: string, id: string, { version = 1 }: { version?: PageVersion } = {}): Promise<void> {
  await getPageOrThrow(db, accountId, id, { version });
  await q.deletePageRow(db, accountId, id);
  await invalidatePages([id], { tenancy: true });
}

/**
 * A v3 page's columns from its mutation. PUT replaces: an omitted vendor field becomes its default, so the
 * same columns serve create and update; `isPrivate` (Heliograph's) is only written when given.
 */
function v3Columns(input: StatusPageV3Input, at: number) {
  return {
    name: input.name,
    url: input.url,
    description: input.description ?? null,
    theme_colors: input.themeColors ? toJson(input.themeColors) : null,
    logo: input.logo ?? null,
    logo_dark: input.logoDark ?? null,
    redirect_to: input.redirectTo ?? null,
    favicon: input.favicon ?? null,
    default_theme: input.defaultTheme ?? "AUTO",
    privacy_policy_link: input.privacyPolicyLink ?? null,
    terms_of_service_link: input.termsOfServiceLink ?? null,
    footer_text: input.footerText ?? null,
    google_analytics_tag: input.googleAnalyticsTag ?? null,
    allow_indexing: input.allowIndexing === false ? (0 as const) : (1 as const),
    ...(input.isPrivate === undefined ? {} : { is_private: input.isPrivate ? (1 as const) : (0 as const) }),
    // Heliograph's extensions: vendor tools that PUT a page without them leave the zone and language alone.
    ...(input.timezone === undefined ? {} : { timezone: input.timezone }),
    ...(input.locale === undefined ? {} : { locale: input.locale }),
    updated_at: at,
  };
}

export async function createPageV3(db: Db, accountId: string, input: StatusPageV3Input): Promise<StatusPage> {
  const id = newId();
  const at = Date.now();
  await db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, accountId, "STATUS_PAGES");
    const domain = await claimDomain(trx, null, input.customDomain ?? null);
    const row = { is_private: 0 as const, custom_domain: null, ...v3Columns(input, at), ...domain, id, account_id: accountId, version: 3 as const, password_hash: null, created_at: at };
    await conflictOnDuplicate(() => q.insertPage(trx, row), duplicateAddress.message, duplicateAddress.attributes);
  });
  await invalidatePages([id], { tenancy: true });
  return getPageOrThrow(db, accountId, id);
}

/** PUT of a v3 page: a full replacement of the vendor's fields; `isPrivate`, `timezone`, `locale`, keys and password stay unless given. */
export async function updatePageV3(db: Db, accountId: string, id: string, input: StatusPageV3Input): Promise<StatusPage> {
  const current = await getPageOrThrow(db, accountId, id, { version: 3 });
  const cols = { ...v3Columns(input, Date.now()), ...(await claimDomain(db, current, input.customDomain ?? null)) };
  await conflictOnDuplicate(() => q.updatePageRow(db, accountId, id, cols), duplicateAddress.message, duplicateAddress.attributes);
  await invalidatePages([id], { tenancy: true });
  return getPageOrThrow(db, accountId, id);
}

/** A key that opens a private page; the raw key is returned once. It expires with `createdBy`. */
export async function createPageKey(db: Db, accountId: string, pageId: string, createdBy?: Minter): Promise<{ key: StatusPageKey; rawKey: string }> {
  await getPageOrThrow(db, accountId, pageId);
  assertWithinLimit("KEYS_PER_STATUS_PAGE", await q.countKeys(db, pageId));
  const rawKey = newToken(KEY_PREFIX);
  const at = Date.now();
  const key: StatusPageKey = { id: newId(), status_page_id: pageId, key_hash: hashToken(rawKey), masked_key: maskToken(rawKey, KEY_PREFIX.length + 4), created_at: at, updated_at: at, expires_at: mintedExpiry(createdBy) };
  await q.insertKey(db, key);
  return { key, rawKey };
}

export async function listPageKeys(db: Db, accountId: string, pageId: string): Promise<StatusPageKey[]> {
  await getPageOrThrow(db, accountId, pageId);
  return q.listKeys(db, pageId);
}

export async function revokePageKey(db: Db, accountId: string, pageId: string, keyId: string): Promise<void> {
  await getPageOrThrow(db, accountId, pageId);
  if (!isUuid(keyId) || (await q.deleteKey(db, pageId, keyId)) === 0) throw new NotFoundError("Key not found");
  await invalidatePages([pageId], { tenancy: true });
}

/** Sets (or with null, removes) the password visitors may type to open a private page. */
export async function setPagePassword(db: Db, accountId: string, pageId: string, password: string | null): Promise<void> {
  await getPageOrThrow(db, accountId, pageId);
  const password_hash = password === null ? null : await hashPassword(password);
  await q.updatePageRow(db, accountId, pageId, { password_hash, updated_at: Date.now() });
  await invalidatePages([pageId], { tenancy: true });
}
