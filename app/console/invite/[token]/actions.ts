"use server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { clientAddressOf } from "@/lib/access/client-address";
import { getReadyDb } from "@/lib/db";
import { parseForm, runAction, type FormState } from "@/lib/console/form";
import { AcceptInvitationInput } from "@/lib/operators/schema";
import { acceptInvitation, signInWithPassword } from "@/lib/operators/service";

export async function acceptAction(_: FormState, data: FormData): Promise<FormState> {
  return runAction(async () => {
    const input = parseForm(AcceptInvitationInput, { token: data.get("token"), name: data.get("name"), password: data.get("password") });
    const { email } = await acceptInvitation(await getReadyDb(), input);
    const h = await headers();
    await signInWithPassword({ email, password: input.password }, h, clientAddressOf(h));
    redirect("/console");
  });
}
