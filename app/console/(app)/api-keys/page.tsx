import { ActionForm, Field, Select } from "@/components/console/form";
import { getReadyDb } from "@/lib/db";
import { listConsoleApiKeys } from "@/lib/console/api-keys";
import { requireOperator } from "@/lib/console/session";
import { createKeyAction, revokeKeyAction } from "./actions";

export default async function ApiKeys() {
  const op = await requireOperator();
  if (op.role !== "owner") return <p role="alert">Only an owner manages API keys.</p>;
  const keys = await listConsoleApiKeys(await getReadyDb(), op);
  return (
    <>
      <h1 className="mb-4 text-xl font-bold">API keys</h1>
      <div className="mb-8 max-w-md">
        <h2 className="mb-2 font-semibold">Create a key</h2>
        <ActionForm action={createKeyAction} submit="Create key" label="Create API key">
          <Field name="name" label="Name" required />
          <Select name="scope" label="Scope" options={[{ value: "write", label: "Read and write" }, { value: "read", label: "Read only" }]} defaultValue="write" />
          <Field name="expiresInDays" label="Expires in days (empty: never)" type="number" />
        </ActionForm>
      </div>
      <h2 className="mb-2 font-semibold">Keys</h2>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead><tr><th className="py-1 pe-3">Name</th><th className="pe-3">Key</th><th className="pe-3">Scope</th><th className="pe-3">Last used</th><th className="pe-3">Expires</th><th><span className="sr-only">Actions</span></th></tr></thead>
          <tbody>
            {keys.map((k) => (
              <tr key={k.id} className="border-t border-gray-300 dark:border-gray-700">
                <td className="py-2 pe-3">{k.name}</td>
                <td className="pe-3 font-mono">{k.maskedKey}</td>
                <td className="pe-3">{k.scope}</td>
                <td className="pe-3">{k.lastUsedAt ?? "never"}</td>
                <td className="pe-3">{k.revokedAt ? `revoked ${k.revokedAt}` : (k.expiresAt ?? "never")}</td>
                <td>{k.revokedAt ? null : (
                  <ActionForm action={revokeKeyAction} submit="Revoke" danger className="inline" label={`Revoke ${k.name}`}>
                    <input type="hidden" name="id" value={k.id} />
                  </ActionForm>
                )}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
