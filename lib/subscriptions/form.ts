import "server-only";
import type { Db } from "@/lib/db";
import type { Channel, StatusPage } from "@/lib/db/types";
import { RateLimitedError, ValidationError } from "@/lib/errors";
import { log } from "@/lib/log";
import { translator, type LocaleInput } from "@/lib/i18n";
import type { Guard } from "@/lib/outbound";
import { channelWords } from "./channels-available";
import { confirmEmail, confirmSms, rotateWebhookSecret, unsubscribeByToken, updateManagedServices } from "./self-service";
import { subscribe } from "./service";

/**
 * What the sign-up form shows after a submission (serializable: it travels through a server action). An error
 * names the fields it is about with what to say next to each (`fieldErrors`); `message` is the one line the form
 * shows above it when no field is to blame (and the first field's words otherwise). All in the page's language.
 */
export type SubscribeState =
  | { kind: "idle" }
  | { kind: "error"; message: string; fields: string[]; fieldErrors: Record<string, string>; values: Record<string, string> }
  | { kind: "done"; type: string; address: string; secret: string | null; smsRef: string | null };

const str = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

export interface FormOptions {
  guard?: Guard;
  /** the language the visitor reads the page in (the page's locale, or their ?lang=) */
  locale?: LocaleInput;
}

/** What to say next to a refused field: the channel's own words for its address, the form's for the others. */
function fieldMessage(field: string, values: Record<string, string>, locale: LocaleInput): string {
  const t = translator(locale, "subscribeErrors");
  if (field === "address") return values.address.trim() === "" ? t("address") : (channelWords(values.type as Channel, locale)?.invalid ?? t("address"));
  if (field === "type" || field === "services" || field === "contactEmail") return t(field);
  return t("failed");
}

/** An error about these fields, each with its message next to it. */
export function fieldError(fields: string[], values: Record<string, string>, locale: LocaleInput): Extract<SubscribeState, { kind: "error" }> {
  const fieldErrors = Object.fromEntries(fields.map((f) => [f, fieldMessage(f, values, locale)]));
  return { kind: "error", message: fieldErrors[fields[0]] ?? translator(locale, "subscribeErrors")("failed"), fields, fieldErrors, values };
}

/** An error no field is to blame for (rate limit, our own failure). */
export const formError = (message: string, values: Record<string, string>): Extract<SubscribeState, { kind: "error" }> => ({ kind: "error", message, fields: [], fieldErrors: {}, values });

/** The sign-up form's submission: one verb, errors turned into what the visitor can fix, in their language. */
export async function handleSubscribeForm(db: Db, page: StatusPage, form: FormData, client: string, opts: FormOptions = {}): Promise<SubscribeState> {
  const locale = opts.locale ?? page.locale;
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
    const answer = await subscribe(db, page, input, { client }, opts.guard);
    return { kind: "done", type: answer.type, address: values.address.trim(), secret: answer.secret, smsRef: answer.smsRef };
  } catch (err) {
    if (err instanceof RateLimitedError) return formError(translator(locale, "subscribeErrors")("tooMany", { count: Math.max(1, Math.ceil(err.retryAfterSeconds / 60)) }), values);
    if (err instanceof ValidationError) {
      const fields = [...new Set(((err.attributes.fields as string[] | undefined) ?? []).map((f) => f.split(".")[0]))];
      return fieldError(fields.length > 0 ? fields : ["address"], values, locale);
    }
    log.error({ err: (err as Error).message, page: page.id }, "sign-up failed");
    return formError(translator(locale, "subscribeErrors")("failed"), values);
  }
}

export type ConfirmState = { kind: "idle" } | { kind: "confirmed" } | { kind: "invalid"; message: string };

export async function handleConfirmEmail(db: Db, page: StatusPage, form: FormData, locale: LocaleInput = page.locale): Promise<ConfirmState> {
  const r = await confirmEmail(db, page, str(form.get("token")));
  return r === "confirmed" ? { kind: "confirmed" } : { kind: "invalid", message: translator(locale, "confirm")("invalid") };
}

export async function handleConfirmSms(db: Db, page: StatusPage, form: FormData, locale: LocaleInput = page.locale): Promise<ConfirmState> {
  const t = translator(locale, "confirm");
  const code = str(form.get("code")).trim();
  if (!/^\d{6}$/.test(code.replace(/\s/g, ""))) return { kind: "invalid", message: t("enterCode") };
  const r = await confirmSms(db, page, str(form.get("ref")), code);
  return r === "confirmed" ? { kind: "confirmed" } : { kind: "invalid", message: t(r === "locked" ? "locked" : "wrongCode") };
}

export type ManageState = { kind: "idle" } | { kind: "saved" } | { kind: "unsubscribed" } | { kind: "secret"; secret: string } | { kind: "error"; message: string };

export async function handleManageForm(db: Db, page: StatusPage, form: FormData, locale: LocaleInput = page.locale): Promise<ManageState> {
  const t = translator(locale, "manage");
  const token = str(form.get("token"));
  if (str(form.get("intent")) === "unsubscribe") {
    return (await unsubscribeByToken(db, page, token)) ? { kind: "unsubscribed" } : { kind: "error", message: t("linkInvalid") };
  }
  if (str(form.get("intent")) === "new-secret") {
    const secret = await rotateWebhookSecret(db, page, token);
    return secret ? { kind: "secret", secret } : { kind: "error", message: t("noSecret") };
  }
  const all = str(form.get("scope")) !== "some";
  const services = all ? [] : form.getAll("services").filter((s): s is string => typeof s === "string");
  if (!all && services.length === 0) return { kind: "error", message: t("chooseOne") };
  try {
    return (await updateManagedServices(db, page, token, services)) ? { kind: "saved" } : { kind: "error", message: t("ended") };
  } catch (err) {
    if (err instanceof ValidationError) return { kind: "error", message: translator(locale, "subscribeErrors")("services") };
    throw err;
  }
}
