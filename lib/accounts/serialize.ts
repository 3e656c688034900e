import type { z } from "zod";
import type { Account as AccountRow } from "@/lib/db/types";
import { servedLocations } from "@/lib/locations/served";
import { alertSettingsOf } from "@/lib/checks/defaults";
import { currentRuntime } from "@/lib/checks/runtimes";
import { fromJson } from "@/lib/db/json";
import { entitlements, type LimitKey } from "./entitlements";
import type { Account, Entitlements, NextAccount } from "./schema";

/** One plan: everything this server does, within the limits in entitlements.ts. */
const PLAN = { plan: "SELF_HOSTED", planDisplayName: "Heliograph (self-hosted)" };

export function serializeAccount(row: AccountRow): z.infer<typeof Account> {
  return {
    id: row.id,
    name: row.name,
    // The vendor CLI makes it every check's default runtime, so it is the current one of GET /v1/runtimes.
    runtimeId: currentRuntime().name,
    ...PLAN,
    addons: [],
    settings: {},
    // The account's default alert settings (PUT /v1/accounts/me/alert-settings), the vendor's when never set.
    alertSettings: { ...alertSettingsOf(fromJson<Record<string, unknown>>(row.alert_settings ?? null)) },
  };
}

export function serializeEntitlements(usage: Partial<Record<LimitKey, number>>): z.infer<typeof Entitlements> {
  return { ...PLAN, entitlements: entitlements(usage), addons: {}, locations: { all: servedLocations().map((l) => ({ id: l.region, name: l.name, available: true })) } };
}

export function serializeNextAccount(row: AccountRow): z.infer<typeof NextAccount> {
  const features = entitlements().filter((e) => e.type === "flag" && e.enabled).map((e) => e.key);
  return { id: row.id, name: row.name, ...PLAN, features };
}
