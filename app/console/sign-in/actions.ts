"use server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientAddressOf } from "@/lib/access/client-address";
import { parseForm, runAction, safeNext, type FormState } from "@/lib/console/form";
import { ResetRequestInput, SignInInput } from "@/lib/operators/schema";
import { requestPasswordReset, signInWithPassword } from "@/lib/operators/service";

export async function signInAction(_: FormState, data: FormData): Promise<FormState> {
  return runAction(async () => {
    const input = parseForm(SignInInput, { email: data.get("email"), password: data.get("password") });
    const h = await headers();
    await signInWithPassword(input, h, clientAddressOf(h));
    redirect(safeNext(data.get("next")));
  });
}

export async function requestResetAction(_: FormState, data: FormData): Promise<FormState> {
  return runAction(async () => {
    const { email } = parseForm(ResetRequestInput, { email: data.get("email") });
    await requestPasswordReset(email);
    return { ok: true, message: "If this address belongs to an operator, a link to choose a new password is on its way." };
  });
}
