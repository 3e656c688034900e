import Link from "next/link";
import { ActionForm, Field } from "@/components/console/form";
import { resetAction } from "./actions";

export default async function ResetPassword({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { token } = await searchParams;
  return (
    <main className="mx-auto max-w-sm px-4 py-12">
      <h1 className="mb-6 text-2xl font-bold">Choose a new password</h1>
      {typeof token !== "string" ? <p role="alert">This link is incomplete. <Link className="underline" href="/console/sign-in">Ask for a new one.</Link></p> : (
        <ActionForm action={resetAction} submit="Set password" label="Set password">
          <input type="hidden" name="token" value={token} />
          <Field name="password" label="New password" type="password" autoComplete="new-password" required hint="At least 12 characters; every other session ends" />
        </ActionForm>
      )}
    </main>
  );
}
