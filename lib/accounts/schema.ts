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

export const Entitlement = z
  .strictObject({
    key: z.string(),
    name: z.string(),
    description: z.string(),
    type: z.enum(["METERED", "FLAG"]),
    enabled: z.boolean(),
    quantity: z.number().int().optional(),
  })
  .meta({ id: "Entitlement" });

export const Entitlements = z
  .strictObject({
    plan: z.string(),
    planDisplayName: z.string(),
    entitlements: z.array(Entitlement),
    addons: z.array(z.string()),
    locations: z.array(z.string()),
  })
  .meta({ id: "Entitlements" });
