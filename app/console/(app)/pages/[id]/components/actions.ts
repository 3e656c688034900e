"use server";
import { revalidatePath } from "next/cache";
import { getReadyDb } from "@/lib/db";
import { saveComponent } from "@/lib/console/components";
import { formObject, runAction, type FormState } from "@/lib/console/form";
import { requireOperator } from "@/lib/console/session";

export async function saveComponentAction(_: FormState, data: FormData): Promise<FormState> {
  return runAction(async () => {
    const op = await requireOperator();
    await saveComponent(await getReadyDb(), op, formObject(data));
    revalidatePath(`/console/pages/${String(data.get("pageId"))}/components`);
    return { ok: true, message: "Saved." };
  });
}
