import { ActionForm, Field, Select } from "@/components/console/form";
import { getReadyDb } from "@/lib/db";
import { requireOperator } from "@/lib/console/session";
import { listOperators } from "@/lib/operators/service";
import { changeRoleAction, inviteAction, removeAction, revokeInvitationAction } from "./actions";

const ROLE_OPTIONS = [{ value: "viewer", label: "Viewer (read)" }, { value: "editor", label: "Editor (pages, incidents, maintenance)" }, { value: "owner", label: "Owner (everything)" }];

export default async function Operators() {
  const op = await requireOperator();
  const { operators, invitations } = await listOperators(await getReadyDb(), op);
  const owner = op.role === "owner";
  return (
    <>
      <h1 className="mb-4 text-xl font-bold">Operators</h1>
      {owner ? (
        <div className="mb-8 max-w-md">
          <h2 className="mb-2 font-semibold">Invite</h2>
          <ActionForm action={inviteAction} submit="Send invitation" label="Invite an operator">
            <Field name="email" label="E-mail" type="email" required />
            <Select name="role" label="Role" options={ROLE_OPTIONS} defaultValue="editor" />
          </ActionForm>
        </div>
      ) : null}
      <ul className="divide-y divide-gray-300 rounded border border-gray-300 dark:divide-gray-700 dark:border-gray-700">
        {operators.map((o) => (
          <li key={o.userId} className="flex flex-wrap items-end justify-between gap-3 px-4 py-3">
            <div><div className="font-semibold">{o.name}</div><div className="text-sm">{o.email} · {o.role}</div></div>
            {owner && o.userId !== op.userId ? (
              <div className="flex flex-wrap items-end gap-2">
                <ActionForm action={changeRoleAction} submit="Change role" className="flex items-end gap-2" label={`Role of ${o.email}`}>
                  <input type="hidden" name="userId" value={o.userId} />
                  <Select name="role" label="Role" options={ROLE_OPTIONS} defaultValue={o.role} />
                </ActionForm>
                <ActionForm action={removeAction} submit="Remove" danger className="inline" label={`Remove ${o.email}`}>
                  <input type="hidden" name="userId" value={o.userId} />
                </ActionForm>
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {invitations.length ? (
        <>
          <h2 className="mb-2 mt-6 font-semibold">Open invitations</h2>
          <ul className="space-y-2">
            {invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>{i.email} · {i.role}</span>
                <ActionForm action={revokeInvitationAction} submit="Revoke" danger className="inline" label={`Revoke invitation of ${i.email}`}>
                  <input type="hidden" name="id" value={i.id} />
                </ActionForm>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
