"use server";
import { headers } from "next/headers";
import { getReadyDb } from "@/lib/db";
import { parseForm, runAction, type FormState } from "@/lib/console/form";
import { requireOperator } from "@/lib/console/session";
import { Password } from "@/lib/operators/schema";
import { setPassword } from "@/lib/operators/service";
import { z } from "zod";

const SetPasswordInput = z.object({ currentPassword: z.string().max(256).optional().transform((v) => v || undefined), password: Password });

export async function setPasswordAction(_: FormState, data: FormData): Promise<FormState> {
  return runAction(async () => {
    const op = await requireOperator();
    const input = parseForm(SetPasswordInput, { currentPassword: data.get("currentPassword") ?? "", password: data.get("password") });
    await setPassword(await getReadyDb(), op, await headers(), input);
    return { ok: true, message: "Password saved. Your other sessions have ended." };
  });
}
