"use server";
import { redirect } from "next/navigation";
import { getReadyDb } from "@/lib/db";
import { formObject, runAction, type FormState } from "@/lib/console/form";
import { postFastIncident, postIncidentUpdate } from "@/lib/console/incidents";
import { requireOperator } from "@/lib/console/session";
import { renderMarkdown } from "@/lib/markdown";

export async function postIncidentAction(_: FormState, data: FormData): Promise<FormState> {
  return runAction(async () => {
    const op = await requireOperator();
    const { pageId } = await postFastIncident(await getReadyDb(), op, formObject(data));
    redirect(`/console/pages/${pageId}?posted=1`);
  });
}

/** Sanitized HTML, as the public page renders the message. */
export async function previewMarkdown(markdown: string): Promise<string> {
  await requireOperator();
  return renderMarkdown(String(markdown).slice(0, 20_000));
}

export async function postUpdateAction(_: FormState, data: FormData): Promise<FormState> {
  return runAction(async () => {
    const op = await requireOperator();
    await postIncidentUpdate(await getReadyDb(), op, formObject(data));
    // A resolved incident leaves the list its form was in: the page says what happened instead.
    redirect(`/console/pages/${encodeURIComponent(String(data.get("pageId")))}?updated=${data.get("status") === "RESOLVED" ? "resolved" : "posted"}`);
  });
}
