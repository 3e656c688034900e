import { ActionForm, Field } from "@/components/console/form";
import { requireOperator } from "@/lib/console/session";
import { signOutEverywhereAction } from "../actions";
import { setPasswordAction } from "./actions";

export default async function Account() {
  const op = await requireOperator();
  return (
    <>
      <h1 className="mb-4 text-xl font-bold">Your account</h1>
      <p className="mb-6 text-sm">{op.name} · {op.email} · {op.role}</p>
      <div className="mb-8 max-w-md">
        <h2 className="mb-2 font-semibold">Password</h2>
        <ActionForm action={setPasswordAction} submit="Save password" label="Password">
          <Field name="currentPassword" label="Current password (empty if you signed in by link and have none)" type="password" autoComplete="current-password" />
          <Field name="password" label="New password" type="password" autoComplete="new-password" required hint="At least 12 characters" />
        </ActionForm>
      </div>
      <h2 className="mb-2 font-semibold">Sessions</h2>
      <ActionForm action={signOutEverywhereAction} submit="Sign out everywhere" danger label="Sign out everywhere" />
    </>
  );
}
