"use server";

import { headers } from "next/headers";
import { checkPageAccess } from "@/lib/access";
import { clientAddressOf as clientAddress } from "@/lib/access/client-address";
import { getReadyDb } from "@/lib/db";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { handleConfirmEmail, handleConfirmSms, handleManageForm, handleSubscribeForm, type ConfirmState, type ManageState, type SubscribeState } from "@/lib/subscriptions/form";
import { availableChannels } from "@/lib/subscriptions/channels-available";
import { SLUG_PATTERN } from "@/lib/tenancy/route";

/* Server actions of the subscribe, confirm and manage pages: find the page, call one form handler. */

async function pageOf(slug: string) {
  const s = slug.toLowerCase();
  const db = await getReadyDb();
  const page = SLUG_PATTERN.test(s) ? await findPageBySlug(db, s) : undefined;
  return { db, page };
}

export async function subscribeAction(slug: string, _prev: SubscribeState, form: FormData): Promise<SubscribeState> {
  const { db, page } = await pageOf(slug);
  const h = await headers();
  if (!page || !(await checkPageAccess(db, page, { cookieHeader: h.get("cookie"), authorization: null, keyParam: null }))) {
    return { kind: "error", message: "This status page is not available.", fields: [], values: {} };
  }
  const type = String(form.get("type") ?? "");
  if (!availableChannels().some((c) => c.type === type)) {
    return { kind: "error", message: "Choose one of the ways of notification offered here.", fields: ["type"], values: { type, address: String(form.get("address") ?? ""), contactEmail: "" } };
  }
  return handleSubscribeForm(db, page, form, clientAddress(h));
}

export async function confirmEmailAction(slug: string, _prev: ConfirmState, form: FormData): Promise<ConfirmState> {
  const { db, page } = await pageOf(slug);
  return page ? handleConfirmEmail(db, page, form) : { kind: "invalid", message: "This status page is not available." };
}

export async function confirmSmsAction(slug: string, _prev: ConfirmState, form: FormData): Promise<ConfirmState> {
  const { db, page } = await pageOf(slug);
  return page ? handleConfirmSms(db, page, form) : { kind: "invalid", message: "This status page is not available." };
}

export async function manageAction(slug: string, _prev: ManageState, form: FormData): Promise<ManageState> {
  const { db, page } = await pageOf(slug);
  return page ? handleManageForm(db, page, form) : { kind: "error", message: "This status page is not available." };
}
