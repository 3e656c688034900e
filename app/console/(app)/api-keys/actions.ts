"use server";
import { revalidatePath } from "next/cache";
import { getReadyDb } from "@/lib/db";
import { ConsoleApiKeyInput, createConsoleApiKey, revokeConsoleApiKey } from "@/lib/console/api-keys";
import { parseForm, runAction, type FormState } from "@/lib/console/form";
import { requireOperator } from "@/lib/console/session";

export async function createKeyAction(_: FormState, data: FormData): Promise<FormState> {
  return runAction(async () => {
    const op = await requireOperator();
    const input = parseForm(ConsoleApiKeyInput, { name: data.get("name"), scope: data.get("scope"), expiresInDays: data.get("expiresInDays") ?? "" });
    const { rawKey } = await createConsoleApiKey(await getReadyDb(), op, input);
    revalidatePath("/console/api-keys");
    return { ok: true, message: "Key created. Copy it now: it is shown only this once.", secret: rawKey };
  });
}

export async function revokeKeyAction(_: FormState, data: FormData): Promise<FormState> {
  return runAction(async () => {
    const op = await requireOperator();
    await revokeConsoleApiKey(await getReadyDb(), op, String(data.get("id") ?? ""));
    revalidatePath("/console/api-keys");
    return { ok: true, message: "Revoked." };
  });
}
