import "server-only";
import type { IntegrationType } from "@/lib/integrations/formats/names";
import { defaultTargetsOf, deleteDefaultTarget, insertDefaultTarget, type DefaultTargetInput, type DefaultTargetView } from "@/lib/automation/default-target";
import { mintedExpiry, type Minter } from "@/lib/api-keys/minting";
import { assertRoomFor } from "@/lib/accounts/limits";
import type { Db } from "@/lib/db";
import { isUuid, newId } from "@/lib/db/ids";
import { pageOf, type PageRequest } from "@/lib/db/keyset";
import { NotFoundError, ValidationError } from "@/lib/errors";
import type { ImpactStatus, Integration } from "@/lib/db/types";
import { invalidFields } from "@/lib/http/validate";
import { loadServerSecret } from "@/lib/secrets/server-secret";
import { findPage } from "@/lib/status-pages/queries";
import { FORMATS } from "./formats";
import * as q from "./queries";
import { newIngestToken, signingSecretOf } from "./tokens";

export interface NewIntegration {
  name: string;
  type: IntegrationType;
  statusPageId?: string | null;
  staleAfterMinutes?: number | null;
  alertEmail?: string | null;
  matchLabel?: string;
  defaultComponents?: { componentId: string; targetImpact: ImpactStatus }[];
  defaultName?: string;
  defaultFirstUpdate?: string;
  defaultLastUpdate?: string;
  defaultNotifySubscribers?: boolean;
  /** the API key asking: its token expires with it */
  createdBy?: Minter;
}

/** The row with its default target, which every answer shows. */
export type IntegrationView = Integration & { defaultTarget: DefaultTargetView | null };

async function withDefaults(db: Db, rows: Integration[]): Promise<IntegrationView[]> {
  const targets = await defaultTargetsOf(db, rows.flatMap((r) => (r.default_rule_id ? [r.default_rule_id] : [])));
  return rows.map((r) => ({ ...r, defaultTarget: (r.default_rule_id && targets.get(r.default_rule_id)) || null }));
}

/** The default's texts need its components, and its components a v3 page to be components of. */
function defaultTargetOf(input: NewIntegration): DefaultTargetInput | null {
  const texts = { name: input.defaultName, firstUpdate: input.defaultFirstUpdate, lastUpdate: input.defaultLastUpdate, notifySubscribers: input.defaultNotifySubscribers };
  if (!input.defaultComponents?.length) {
    const given = Object.entries(texts).find(([, v]) => v !== undefined);
    if (given) throw invalidFields([{ path: "defaultComponents", message: `is required with default${given[0][0].toUpperCase()}${given[0].slice(1)}` }]);
    return null;
  }
  if (!input.statusPageId) throw invalidFields([{ path: "statusPageId", message: "is required with defaultComponents: they are components of that page" }]);
  return { components: input.defaultComponents, ...texts };
}

export interface IssuedIntegration {
  row: IntegrationView;
  rawToken: string;
  /** the vendor channel's secret, for formats whose sender signs its bodies */
  signingSecret: string | null;
}

async function signingSecretFor(db: Db, row: Integration): Promise<string | null> {
  return FORMATS[row.type].signatureHeader ? signingSecretOf(await loadServerSecret(db), row.token_hash) : null;
}

/** Creates an integration with its own ingest token; the raw token is returned here once, only its hash is kept. */
export async function createIntegration(db: Db, accountId: string, input: NewIntegration): Promise<IssuedIntegration> {
  const target = defaultTargetOf(input);
  const page = input.statusPageId ? await findPage(db, accountId, input.statusPageId) : undefined;
  if (input.statusPageId && !page) throw new NotFoundError("Status page not found", { fields: ["statusPageId"] });
  if (target && Number(page!.version) !== 3) throw new ValidationError("defaultComponents need a v3 status page: statusPageId is a v1 page", { fields: ["statusPageId"] });
  const at = Date.now();
  const token = newIngestToken();
  const row: Integration = {
    id: newId(),
    account_id: accountId,
    name: input.name,
    type: input.type,
    status_page_id: input.statusPageId ?? null,
    token_hash: token.hash,
    masked_token: token.masked,
    token_expires_at: mintedExpiry(input.createdBy),
    match_label: input.matchLabel ?? "component",
    stale_after_minutes: input.staleAfterMinutes ?? null,
    alert_email: input.alertEmail ?? null,
    last_heard_at: null,
    stale_since: null,
    default_rule_id: null,
    created_at: at,
    updated_at: at,
  };
  await db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, accountId, "INTEGRATIONS");
    if (target) row.default_rule_id = await insertDefaultTarget(trx, accountId, page!.id, input.name, target, at);
    await q.insertIntegration(trx, row);
  });
  const [view] = await withDefaults(db, [row]);
  return { row: view, rawToken: token.raw, signingSecret: await signingSecretFor(db, row) };
}

export async function getIntegrationOrThrow(db: Db, accountId: string, id: string): Promise<IntegrationView> {
  const row = isUuid(id) ? await q.findIntegration(db, accountId, id) : undefined;
  if (!row) throw new NotFoundError("Integration not found");
  return (await withDefaults(db, [row]))[0];
}

export async function listIntegrations(db: Db, accountId: string, page: PageRequest) {
  const { rows, next } = pageOf(await q.listIntegrations(db, accountId, page), page.limit);
  return { rows: await withDefaults(db, rows), next };
}

/** Deletes it, its events and its default target (an incident that opened stays); its token stops working at once. */
export async function deleteIntegration(db: Db, accountId: string, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = isUuid(id) ? await q.findIntegration(trx, accountId, id) : undefined;
    if (!row || (await q.deleteIntegration(trx, accountId, id)) === 0) throw new NotFoundError("Integration not found");
    if (row.default_rule_id) await deleteDefaultTarget(trx, row.default_rule_id);
  });
}

/** A new token (and signing secret) replaces the old one, which fails from the next request on; it expires with `createdBy`. */
export async function rotateIntegrationToken(db: Db, accountId: string, id: string, createdBy?: Minter): Promise<IssuedIntegration> {
  await getIntegrationOrThrow(db, accountId, id);
  const token = newIngestToken();
  if ((await q.setToken(db, accountId, id, { token_hash: token.hash, masked_token: token.masked, token_expires_at: mintedExpiry(createdBy) }, Date.now())) === 0) throw new NotFoundError("Integration not found");
  const row = await getIntegrationOrThrow(db, accountId, id);
  return { row, rawToken: token.raw, signingSecret: await signingSecretFor(db, row) };
}

export async function listIntegrationEvents(db: Db, accountId: string, id: string, page: PageRequest) {
  await getIntegrationOrThrow(db, accountId, id);
  return pageOf(await q.listEvents(db, id, page), page.limit);
}
