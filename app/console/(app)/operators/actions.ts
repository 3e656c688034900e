"use server";
import { revalidatePath } from "next/cache";
import { getReadyDb } from "@/lib/db";
import { parseForm, runAction, type FormState } from "@/lib/console/form";
import { requireOperator } from "@/lib/console/session";
import { ChangeRoleInput, InviteInput } from "@/lib/operators/schema";
import { changeRole, inviteOperator, removeOperator, revokeInvitation } from "@/lib/operators/service";

export async function inviteAction(_: FormState, data: FormData): Promise<FormState> {
  return runAction(async () => {
    const op = await requireOperator();
    const r = await inviteOperator(await getReadyDb(), op, parseForm(InviteInput, { email: data.get("email"), role: data.get("role") }));
    revalidatePath("/console/operators");
    return r.emailed ? { ok: true, message: "Invitation sent." } : { ok: true, message: "No e-mail server is configured: pass this link on yourself (valid 7 days).", secret: r.url };
  });
}

export async function changeRoleAction(_: FormState, data: FormData): Promise<FormState> {
  return runAction(async () => {
    const op = await requireOperator();
    await changeRole(await getReadyDb(), op, parseForm(ChangeRoleInput, { userId: data.get("userId"), role: data.get("role") }));
    revalidatePath("/console/operators");
    return { ok: true, message: "Role changed." };
  });
}

export async function removeAction(_: FormState, data: FormData): Promise<FormState> {
  return runAction(async () => {
    const op = await requireOperator();
    await removeOperator(await getReadyDb(), op, String(data.get("userId") ?? ""));
    revalidatePath("/console/operators");
    return { ok: true, message: "Removed." };
  });
}

export async function revokeInvitationAction(_: FormState, data: FormData): Promise<FormState> {
  return runAction(async () => {
    const op = await requireOperator();
    await revokeInvitation(await getReadyDb(), op, String(data.get("id") ?? ""));
    revalidatePath("/console/operators");
    return { ok: true, message: "Invitation revoked." };
  });
}
