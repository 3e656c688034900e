import { z } from "zod";
import { Uuid, UuidOut } from "@/lib/http/wire";

export const Account = z
  .strictObject({
    id: UuidOut,
    name: z.string(),
    runtimeId: z.string(),
    plan: z.string(),
    planDisplayName: z.string(),
    addons: z.array(z.string()),
    settings: z.record(z.string(), z.unknown()),
    alertSettings: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "Account" });

export const AccountList = z.array(Account).meta({ id: "AccountList" });

/** The account as the vendor's `/next` API (and its command-line client) reads it. */
export const NextAccount = z
  .strictObject({
    id: UuidOut,
    name: z.string(),
    plan: z.string(),
    planDisplayName: z.string(),
    features: z.array(z.string()).meta({ description: "This server's enabled features (the FLAG entitlements)" }),
  })
  .meta({ id: "NextAccount" });

export const NextAccountList = z.array(NextAccount).meta({ id: "NextAccountList" });

export const AccountIdParams = z.object({ accountId: Uuid });

/** The vendor's `Entitlements` (`GET /v1/accounts/me/entitlements`), field for field; `usage` is Heliograph's. */
export const Entitlement = z
  .strictObject({
    key: z.string(),
    name: z.string(),
    description: z.string(),
    type: z.enum(["metered", "flag"]),
    enabled: z.boolean(),
    quantity: z.number().int().min(0).optional().meta({ description: "The limit (metered entitlements only); creating one more answers 402" }),
    usage: z.number().int().min(0).optional().meta({ description: "Heliograph's extension: how many the account has now (limits on what an account owns)" }),
  })
  .meta({ id: "Entitlement" });

export const Entitlements = z
  .strictObject({
    plan: z.string(),
    planDisplayName: z.string(),
    entitlements: z.array(Entitlement),
    addons: z.record(z.string(), z.unknown()).meta({ description: "None: this server sells no add-ons" }),
    locations: z.strictObject({ all: z.array(z.strictObject({ id: z.string(), name: z.string(), available: z.boolean() })) }).meta({ description: "The public locations this server's runner serves (HELIOGRAPH_LOCATION)" }),
  })
  .meta({ id: "Entitlements" });
