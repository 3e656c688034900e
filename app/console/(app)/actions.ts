"use server";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { runAction, type FormState } from "@/lib/console/form";
import { signOut, signOutEverywhere } from "@/lib/operators/service";

export async function signOutAction(_: FormState): Promise<FormState> {
  return runAction(async () => {
    await signOut(await headers());
    redirect("/console/sign-in");
  });
}

export async function signOutEverywhereAction(_: FormState): Promise<FormState> {
  return runAction(async () => {
    await signOutEverywhere(await headers());
    redirect("/console/sign-in");
  });
}
