import Link from "next/link";
import { notFound } from "next/navigation";
import { ActionForm, Field, Select } from "@/components/console/form";
import { getReadyDb } from "@/lib/db";
import { listEditableComponents } from "@/lib/console/components";
import { requireOperator } from "@/lib/console/session";
import { NotFoundError } from "@/lib/errors";
import { saveComponentAction } from "./actions";

/** Components and groups of a v3 page: add, rename, describe, hide, nest, order (by number, from the keyboard). */
export default async function Components({ params }: { params: Promise<{ id: string }> }) {
  const op = await requireOperator();
  const { id } = await params;
  const { page, components } = await listEditableComponents(await getReadyDb(), op, id).catch((err: unknown) => (err instanceof NotFoundError ? notFound() : Promise.reject(err)));
  if (!components) return <p>This page lists cards of services: edit it through the v1 API (<code>PUT /v1/status-pages/{page.id}</code>).</p>;
  const groups = [{ value: "", label: "None (top level)" }, ...components.filter((c) => c.type === "GROUP").map((g) => ({ value: g.id, label: g.name }))];
  const writer = op.role !== "viewer";
  const next = (components.at(-1)?.displayOrder ?? 0) + 1;
  return (
    <>
      <p className="mb-1 text-sm"><Link className="underline" href={`/console/pages/${page.id}`}>{page.name}</Link></p>
      <h1 className="mb-4 text-xl font-bold">Components</h1>
      <ul className="mb-8 space-y-3">
        {components.map((c) => (
          <li key={c.id} className="rounded border border-gray-300 px-4 py-3 dark:border-gray-700">
            {writer ? (
              <ActionForm action={saveComponentAction} submit="Save" className="grid gap-2 sm:grid-cols-2" label={`Component ${c.name}`}>
                <input type="hidden" name="pageId" value={page.id} />
                <input type="hidden" name="id" value={c.id} />
                <input type="hidden" name="type" value={c.type} />
                <Field name="name" label={`Name (${c.type === "GROUP" ? "group" : "service"})`} defaultValue={c.name} required />
                <Field name="description" label="Description" defaultValue={c.description ?? ""} />
                <Field name="displayOrder" label="Order" type="number" defaultValue={String(c.displayOrder)} required />
                {c.type === "SERVICE" ? <Select name="parentId" label="Group" options={groups} defaultValue={c.parentId ?? ""} /> : <span />}
                <label className="flex items-center gap-2 text-sm"><input type="checkbox" name="hidden" defaultChecked={c.hidden} className="h-5 w-5" />Hidden from the public page</label>
              </ActionForm>
            ) : (
              <span>{c.name}{c.hidden ? " (hidden)" : ""}</span>
            )}
          </li>
        ))}
      </ul>
      {writer ? (
        <div className="max-w-md">
          <h2 className="mb-2 font-semibold">Add a component</h2>
          <ActionForm action={saveComponentAction} submit="Add" label="Add a component">
            <input type="hidden" name="pageId" value={page.id} />
            <Field name="name" label="Name" required />
            <Select name="type" label="Kind" options={[{ value: "SERVICE", label: "Service" }, { value: "GROUP", label: "Group" }]} defaultValue="SERVICE" />
            <Field name="description" label="Description" />
            <Field name="displayOrder" label="Order" type="number" defaultValue={String(next)} required />
            <Select name="parentId" label="Group" options={groups} defaultValue="" />
          </ActionForm>
        </div>
      ) : null}
    </>
  );
}
