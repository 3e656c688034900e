import "server-only";
import { env } from "@/lib/env";
import type { Db } from "@/lib/db";
import { fromJson } from "@/lib/db/json";
import type { CheckRow, CheckVariable } from "@/lib/db/types";
import type { RunnableCheck } from "@/lib/runners/types";
import { decryptSecret } from "@/lib/secrets/encryption";
import { applyGroupToWire } from "@/lib/check-groups/apply";
import { findGroup } from "@/lib/check-groups/queries";
import { alertSettingsOf } from "./defaults";
import { listVariables } from "./queries";
import { checkWire, variableOut } from "./serialize";
import type { AlertSettings, EffectiveCheck, HeartbeatSettings, RetryStrategy, TriggerIncident } from "./types";

type Wire = Record<string, unknown>;

/** doubleCheck without a retry strategy: one immediate retry, as the vendor's. */
const DOUBLE_CHECK: RetryStrategy = { type: "SINGLE_RETRY", baseBackoffSeconds: 0, maxRetries: 1, maxDurationSeconds: 600, sameRegion: true, onlyOn: null };

/** `{{KEY}}` in every string of the request, from the variables (group's first, the check's win); unknown keys stay. */
function substitute(value: unknown, vars: ReadonlyMap<string, string>): unknown {
  if (typeof value === "string") return value.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (all, key: string) => vars.get(key) ?? all);
  if (Array.isArray(value)) return value.map((v) => substitute(v, vars));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, vars)]));
  return value;
}

/** Secrets are decrypted here only: what the runner sends, never what the API answers. */
const plain = (v: CheckVariable): string => (Number(v.secret) === 1 ? (v.value_encrypted ? decryptSecret(v.value_encrypted) : "") : (v.value ?? ""));

/**
 * The check as the engine runs it (lib/checks/types.ts EffectiveCheck): its group's settings applied, the account's
 * alert settings when it uses the global ones (accounts.alert_settings; null = the vendor's defaults), its variables
 * substituted into the request, and the server's own location when neither check nor group names one.
 */
export async function effectiveCheck(db: Db, row: CheckRow): Promise<EffectiveCheck> {
  const group = row.group_id === null ? null : ((await findGroup(db, row.group_id)) ?? null);
  const vars = await listVariables(db, { checkIds: [row.id], groupIds: group ? [group.id] : [] });
  const own = vars.filter((v) => v.check_id === row.id);
  const groupVars = vars.filter((v) => group !== null && v.group_id === group.id);
  let wire = checkWire(row, own);
  if (group) wire = applyGroupToWire(wire, group, groupVars.map(variableOut));
  const values = new Map([...groupVars, ...own].map((v) => [v.key, plain(v)]));

  let alertSettings = alertSettingsOf(wire.alertSettings as Wire | null);
  if (wire.useGlobalAlertSettings !== false) {
    const account = await db.selectFrom("accounts").select("alert_settings").where("id", "=", row.account_id).executeTakeFirst();
    alertSettings = alertSettingsOf(fromJson<Wire>(account?.alert_settings ?? null));
  }
  const locations = (wire.locations as string[] | null) ?? [];
  const privateLocations = (wire.privateLocations as string[] | null | undefined) ?? [];
  const retry = (wire.retryStrategy as RetryStrategy | null | undefined) ?? null;
  const groupTags = group ? (fromJson<string[]>(group.tags) ?? []) : [];
  const type = row.check_type;
  const runnable =
    type === "HEARTBEAT"
      ? null
      : ({
          checkType: type,
          request: substitute(wire.request, values),
          degradedResponseTime: wire.degradedResponseTime,
          maxResponseTime: wire.maxResponseTime,
          shouldFail: wire.shouldFail,
          ...(type === "ICMP" ? { degradedPacketLossThreshold: wire.degradedPacketLossThreshold, maxPacketLossThreshold: wire.maxPacketLossThreshold } : {}),
        } as RunnableCheck);
  const hb = wire.heartbeat as HeartbeatSettings | undefined;
  return {
    row,
    checkType: type,
    name: row.name,
    activated: wire.activated === true,
    muted: wire.muted === true,
    tags: [...new Set([...((wire.tags as string[] | undefined) ?? []), ...groupTags])],
    locations: locations.length > 0 || privateLocations.length > 0 ? locations : [env.HELIOGRAPH_LOCATION],
    privateLocations,
    runParallel: wire.runParallel === true,
    retryStrategy: retry ?? (wire.doubleCheck === true ? DOUBLE_CHECK : null),
    alertSettings: alertSettings as AlertSettings,
    triggerIncident: (wire.triggerIncident as TriggerIncident | null | undefined) ?? null,
    runnable,
    heartbeat: type === "HEARTBEAT" && hb ? { period: hb.period, periodUnit: hb.periodUnit, grace: hb.grace, graceUnit: hb.graceUnit } : null,
    groupId: row.group_id,
  };
}
