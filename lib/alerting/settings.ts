import "server-only";
import type { z } from "zod";
import type { Db } from "@/lib/db";
import { fromJson, toJson } from "@/lib/db/json";
import { NotFoundError } from "@/lib/errors";
import { alertSettingsOf } from "@/lib/checks/defaults";
import type { AlertSettingsInput } from "@/lib/checks/schema";
import type { AlertSettings } from "@/lib/checks/types";
import * as q from "./queries";

/*
 * The account's default alert settings (accounts.alert_settings), which every check with useGlobalAlertSettings
 * follows from its next FINAL result on. Stored complete: a PUT replaces them, omitted fields take the vendor's defaults.
 */

export async function getAccountAlertSettings(db: Db, accountId: string): Promise<AlertSettings> {
  const row = await q.findAccountAlertSettings(db, accountId);
  if (!row) throw new NotFoundError("Account not found");
  return alertSettingsOf(fromJson<Record<string, unknown>>(row.alert_settings));
}

export async function putAccountAlertSettings(db: Db, accountId: string, input: z.output<typeof AlertSettingsInput>): Promise<AlertSettings> {
  const settings = alertSettingsOf(input as Record<string, unknown>);
  if (!(await q.saveAccountAlertSettings(db, accountId, toJson(settings)))) throw new NotFoundError("Account not found");
  return settings;
}
