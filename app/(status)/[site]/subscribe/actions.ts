"use server";

import { headers } from "next/headers";
import { checkPageAccess } from "@/lib/access";
import { clientAddressOf as clientAddress } from "@/lib/access/client-address";
import { getReadyDb } from "@/lib/db";
import { translator } from "@/lib/i18n";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { fieldError, formError, handleConfirmEmail, handleConfirmSms, handleManageForm, handleSubscribeForm, type ConfirmState, type ManageState, type SubscribeState } from "@/lib/subscriptions/form";
import { availableChannels } from "@/lib/subscriptions/channels-available";
import { SLUG_PATTERN } from "@/lib/tenancy/route";
import { localeOf } from "@/lib/time/locale";

/*
 * Server actions of the subscribe, confirm and manage pages: find the page, call one form handler. Each is bound
 * to the page's slug and the language the visitor reads it in; both come back from the browser, so both are
 * checked again here (an unknown language reads as English, never as a message key).
 */

async function pageOf(slug: string) {
  const s = slug.toLowerCase();
  const db = await getReadyDb();
  const page = SLUG_PATTERN.test(s) ? await findPageBySlug(db, s) : undefined;
  return { db, page };
}

export async function subscribeAction(slug: string, lang: string, _prev: SubscribeState, form: FormData): Promise<SubscribeState> {
  const locale = localeOf(lang);
  const { db, page } = await pageOf(slug);
  const h = await headers();
  if (!page || !(await checkPageAccess(db, page, { cookieHeader: h.get("cookie"), authorization: null, keyParam: null }))) {
    return formError(translator(locale, "subscribeErrors")("unavailable"), {});
  }
  const type = String(form.get("type") ?? "");
  if (!availableChannels().some((c) => c.type === type)) {
    const err = fieldError(["type"], { type, address: String(form.get("address") ?? ""), contactEmail: "" }, locale);
    return { ...err, message: translator(locale, "subscribeErrors")("channel"), fieldErrors: { type: translator(locale, "subscribeErrors")("channel") } };
  }
  return handleSubscribeForm(db, page, form, clientAddress(h), { locale });
}

export async function confirmEmailAction(slug: string, lang: string, _prev: ConfirmState, form: FormData): Promise<ConfirmState> {
  const { db, page } = await pageOf(slug);
  return page ? handleConfirmEmail(db, page, form, localeOf(lang)) : { kind: "invalid", message: translator(localeOf(lang), "subscribeErrors")("unavailable") };
}

export async function confirmSmsAction(slug: string, lang: string, _prev: ConfirmState, form: FormData): Promise<ConfirmState> {
  const { db, page } = await pageOf(slug);
  return page ? handleConfirmSms(db, page, form, localeOf(lang)) : { kind: "invalid", message: translator(localeOf(lang), "subscribeErrors")("unavailable") };
}

export async function manageAction(slug: string, lang: string, _prev: ManageState, form: FormData): Promise<ManageState> {
  const { db, page } = await pageOf(slug);
  return page ? handleManageForm(db, page, form, localeOf(lang)) : { kind: "error", message: translator(localeOf(lang), "subscribeErrors")("unavailable") };
}
