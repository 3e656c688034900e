"use server";
import { redirect } from "next/navigation";
import { parseForm, runAction, type FormState } from "@/lib/console/form";
import { ResetPasswordInput } from "@/lib/operators/schema";
import { resetPassword } from "@/lib/operators/service";

export async function resetAction(_: FormState, data: FormData): Promise<FormState> {
  return runAction(async () => {
    await resetPassword(parseForm(ResetPasswordInput, { token: data.get("token"), password: data.get("password") }));
    redirect("/console/sign-in?reset=1");
  });
}
