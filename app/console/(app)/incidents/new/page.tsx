import Link from "next/link";
import { ActionForm, Field, Select } from "@/components/console/form";
import { MarkdownField } from "@/components/console/markdown-field";
import { ImpactPicker } from "@/components/console/impact-picker";
import { UPDATE_STATUSES } from "@/components/console/statuses";
import { getReadyDb } from "@/lib/db";
import { consolePageComponents, listConsolePages } from "@/lib/console/pages";
import { requireOperator } from "@/lib/console/session";
import { postIncidentAction, previewMarkdown } from "./actions";


/**
 * The fastest path: pick the page (skipped when there is one), then one form — name, an impact per component,
 * status, message, notify — posted in one step. Without JavaScript the page choice is a plain GET.
 */
export default async function NewIncident({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const op = await requireOperator();
  const db = await getReadyDb();
  const q = await searchParams;
  const pages = await listConsolePages(db, op);
  const pageId = typeof q.page === "string" ? q.page : pages.length === 1 ? pages[0].page.id : null;
  if (op.role === "viewer") return <p role="alert">Your role may only read: ask an editor or owner to post incidents.</p>;
  if (!pageId) {
    return (
      <>
        <h1 className="mb-4 text-xl font-bold">New incident</h1>
        {pages.length === 0 ? <p>No pages yet. <Link className="underline" href="/console">Create one first.</Link></p> : (
          <form method="get" className="space-y-3">
            <label className="block text-sm font-medium" htmlFor="page">Page</label>
            <select id="page" name="page" className="block w-full rounded border border-gray-400 bg-white px-3 py-2 text-gray-900 dark:bg-gray-900 dark:text-gray-100">
              {pages.map((p) => <option key={p.page.id} value={p.page.id}>{p.page.name}</option>)}
            </select>
            <button className="rounded bg-blue-700 px-4 py-2 text-sm font-semibold text-white" type="submit">Continue</button>
          </form>
        )}
      </>
    );
  }
  const { page, components } = await consolePageComponents(db, op, pageId);
  return (
    <>
      <h1 className="mb-1 text-xl font-bold">New incident</h1>
      <p className="mb-4 text-sm">on <strong>{page.name}</strong>{pages.length > 1 ? <> · <Link className="underline" href="/console/incidents/new">another page</Link></> : null}</p>
      <ActionForm action={postIncidentAction} submit="Post incident" label="New incident">
        <input type="hidden" name="pageId" value={page.id} />
        <Field name="name" label="Name" required />
        <ImpactPicker components={components.map((c) => ({ id: c.id, name: c.name }))} />
        <Select name="status" label="Status" options={UPDATE_STATUSES} defaultValue="INVESTIGATING" />
        <MarkdownField name="message" label="Message (markdown)" preview={previewMarkdown} />
        <div className="flex items-center gap-2">
          <input id="notify" type="checkbox" name="notify" defaultChecked className="h-5 w-5" />
          <label htmlFor="notify" className="text-sm">Notify subscribers</label>
        </div>
      </ActionForm>
    </>
  );
}
