import Link from "next/link";
import { notFound } from "next/navigation";
import { LiveRefresh } from "@/components/console/shortcuts";
import { StatusPill } from "@/components/console/status-pill";
import { getReadyDb } from "@/lib/db";
import { consolePageComponents } from "@/lib/console/pages";
import { requireOperator } from "@/lib/console/session";
import { loadRecentSnapshot } from "@/lib/public-page/load";
import { NotFoundError } from "@/lib/errors";
import { ActionForm, Field, Select } from "@/components/console/form";
import { UPDATE_STATUSES } from "@/components/console/statuses";
import { postUpdateAction } from "../../incidents/new/actions";

/** One page: its status, components and open incidents, with the way to post another. */
export default async function PageDetail({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const op = await requireOperator();
  const db = await getReadyDb();
  const { id } = await params;
  const page = await consolePageComponents(db, op, id).then((r) => r.page, (err: unknown) => (err instanceof NotFoundError ? notFound() : Promise.reject(err)));
  const snap = await loadRecentSnapshot(db, page);
  const open = snap.incidents.filter((i) => i.incident.resolved_at === null);
  const q = await searchParams;
  const notice = q.posted === "1" ? "Incident posted. The public page shows it now." : q.updated === "resolved" ? "Resolved." : q.updated === "posted" ? "Update posted." : null;
  return (
    <>
      <LiveRefresh />
      {notice ? <p role="status" className="mb-4 rounded border border-green-700 px-3 py-2 text-sm">{notice}</p> : null}
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold">{page.name}</h1>
        <StatusPill status={snap.status} />
        <a className="text-sm underline" href={`/${page.url}`}>Public page</a>
      </div>
      <h2 className="mb-2 font-semibold">Components {page.version === 3 ? <Link className="ml-2 text-sm font-normal underline" href={`/console/pages/${page.id}/components`}>Edit</Link> : null}</h2>
      <ul className="mb-6 divide-y divide-gray-300 rounded border border-gray-300 dark:divide-gray-700 dark:border-gray-700">
        {snap.components.map((c) => (
          <li key={c.id} className="flex items-center justify-between px-4 py-2 text-sm"><span>{c.name}</span><StatusPill status={c.status} /></li>
        ))}
      </ul>
      <h2 className="mb-2 font-semibold">Open incidents</h2>
      {open.length === 0 ? <p className="text-sm">None.</p> : (
        <ul className="mb-6 space-y-2">
          {open.map((i) => (
            <li key={i.incident.id} className="rounded border border-gray-300 px-4 py-3 text-sm dark:border-gray-700">
              <h3 className="font-semibold">{i.incident.name}</h3>
              {op.role !== "viewer" ? (
                <ActionForm action={postUpdateAction} submit="Post update" className="mt-2 space-y-2" label={`Update ${i.incident.name}`}>
                  <input type="hidden" name="pageId" value={page.id} />
                  <input type="hidden" name="incidentId" value={i.incident.id} />
                  <Select name="status" label="Status" options={UPDATE_STATUSES} defaultValue="MONITORING" />
                  <Field name="message" label="Message (markdown)" required />
                  <label className="flex items-center gap-2"><input type="checkbox" name="notify" defaultChecked className="h-5 w-5" />Notify subscribers</label>
                </ActionForm>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {op.role !== "viewer" ? <Link href={`/console/incidents/new?page=${page.id}`} className="inline-block rounded bg-red-700 px-3 py-2 text-sm font-semibold text-white">New incident on this page</Link> : null}
    </>
  );
}
