import "server-only";
import type { Db } from "@/lib/db";
import type { Channel, StatusPage } from "@/lib/db/types";
import { RateLimitedError, ValidationError } from "@/lib/errors";
import { log } from "@/lib/log";
import type { Guard } from "@/lib/outbound";
import { confirmEmail, confirmSms, rotateWebhookSecret, unsubscribeByToken, updateManagedServices } from "./self-service";
import { subscribe } from "./service";

/** What the sign-up form shows after a submission (serializable: it travels through a server action). */
export type SubscribeState =
  | { kind: "idle" }
  | { kind: "error"; message: string; fields: string[]; values: Record<string, string> }
  | { kind: "done"; type: string; address: string; secret: string | null; smsRef: string | null };

const str = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

const FIELD_MESSAGES: Record<string, string> = {
  type: "Choose how you want to be notified.",
  address: "Enter an address.",
  services: "Choose services shown on this page.",
  contactEmail: "The contact e-mail address must be a valid e-mail address.",
};

/** The sign-up form's submission: one verb, errors turned into what the visitor can fix. */
export async function handleSubscribeForm(db: Db, page: StatusPage, form: FormData, client: string, guard?: Guard): Promise<SubscribeState> {
  const services = form.getAll("services").filter((s): s is string => typeof s === "string" && s !== "");
  const values = { type: str(form.get("type")), address: str(form.get("address")), contactEmail: str(form.get("contactEmail")), services: services.join(",") };
  const input = {
    type: values.type as Channel,
    address: values.address,
    contactEmail: values.contactEmail || undefined,
    services,
    website: str(form.get("website")) || undefined,
  };
  try {
    const answer = await subscribe(db, page, input, { client }, guard);
    return { kind: "done", type: answer.type, address: values.address.trim(), secret: answer.secret, smsRef: answer.smsRef };
  } catch (err) {
    if (err instanceof RateLimitedError) return { kind: "error", message: err.message, fields: [], values };
    if (err instanceof ValidationError) {
      const fields = ((err.attributes.fields as string[] | undefined) ?? []).map((f) => f.split(".")[0]);
      const message = fields.length === 1 && err.message.startsWith("Invalid") ? (FIELD_MESSAGES[fields[0]] ?? err.message) : err.message;
      return { kind: "error", message, fields, values };
    }
    log.error({ err: (err as Error).message, page: page.id }, "sign-up failed");
    return { kind: "error", message: "Something went wrong on our side. Please try again in a minute.", fields: [], values };
  }
}

export type ConfirmState = { kind: "idle" } | { kind: "confirmed" } | { kind: "invalid"; message: string };

const CONFIRM_MESSAGES = {
  invalid: "This confirmation is not valid any more. It may have expired (links work for 24 hours) or a newer one was sent: subscribe again to get a fresh one.",
  code: "That code is not right, or it has expired. Check the latest message and try again.",
  locked: "Too many wrong codes. Subscribe again to get a new code.",
};

export async function handleConfirmEmail(db: Db, page: StatusPage, form: FormData): Promise<ConfirmState> {
  const r = await confirmEmail(db, page, str(form.get("token")));
  return r === "confirmed" ? { kind: "confirmed" } : { kind: "invalid", message: CONFIRM_MESSAGES.invalid };
}

export async function handleConfirmSms(db: Db, page: StatusPage, form: FormData): Promise<ConfirmState> {
  const code = str(form.get("code")).trim();
  if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) return { kind: "invalid", message: "Enter the 6-digit code from the text message." };
  const r = await confirmSms(db, page, str(form.get("ref")), code);
  return r === "confirmed" ? { kind: "confirmed" } : { kind: "invalid", message: r === "locked" ? CONFIRM_MESSAGES.locked : CONFIRM_MESSAGES.code };
}

export type ManageState = { kind: "idle" } | { kind: "saved" } | { kind: "unsubscribed" } | { kind: "secret"; secret: string } | { kind: "error"; message: string };

export async function handleManageForm(db: Db, page: StatusPage, form: FormData): Promise<ManageState> {
  const token = str(form.get("token"));
  if (str(form.get("intent")) === "unsubscribe") {
    return (await unsubscribeByToken(db, page, token)) ? { kind: "unsubscribed" } : { kind: "error", message: "This link is not valid." };
  }
  if (str(form.get("intent")) === "new-secret") {
    const secret = await rotateWebhookSecret(db, page, token);
    return secret ? { kind: "secret", secret } : { kind: "error", message: "Only an active webhook subscription has a signing secret." };
  }
  const all = str(form.get("scope")) !== "some";
  const services = all ? [] : form.getAll("services").filter((s): s is string => typeof s === "string");
  if (!all && services.length === 0) return { kind: "error", message: "Choose at least one service, or all services." };
  try {
    return (await updateManagedServices(db, page, token, services)) ? { kind: "saved" } : { kind: "error", message: "This subscription has ended. Subscribe again from the status page." };
  } catch (err) {
    if (err instanceof ValidationError) return { kind: "error", message: err.message };
    throw err;
  }
}
