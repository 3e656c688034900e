import { ActionForm, Field } from "@/components/console/form";
import { getReadyDb } from "@/lib/db";
import { openInvitation } from "@/lib/operators/service";
import { acceptAction } from "./actions";

export default async function Invite({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const inv = await openInvitation(await getReadyDb(), token);
  return (
    <main className="mx-auto max-w-sm px-4 py-12">
      <h1 className="mb-6 text-2xl font-bold">Join Heliograph</h1>
      {!inv ? <p role="alert">This invitation is no longer valid: it was used, revoked or has expired. Ask for a new one.</p> : (
        <>
          <p className="mb-4 text-sm">You are invited as <strong>{inv.role}</strong> with <strong>{inv.email}</strong>. Choose your name and a password.</p>
          <ActionForm action={acceptAction} submit="Accept and sign in" label="Accept invitation">
            <input type="hidden" name="token" value={token} />
            <Field name="name" label="Your name" autoComplete="name" required />
            <Field name="password" label="Password" type="password" autoComplete="new-password" required hint="At least 12 characters" />
          </ActionForm>
        </>
      )}
    </main>
  );
}
