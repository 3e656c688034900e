import Link from "next/link";
import { notFound } from "next/navigation";
import { LiveRefresh } from "@/components/console/shortcuts";
import { StatusPill } from "@/components/console/status-pill";
import { getReadyDb } from "@/lib/db";
import { consolePageComponents } from "@/lib/console/pages";
import { requireOperator } from "@/lib/console/session";
import { loadRecentSnapshot } from "@/lib/public-page/load";
import { NotFoundError } from "@/lib/errors";

/** One page: its status, components and open incidents, with the way to post another. */
export default async function PageDetail({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const op = await requireOperator();
  const db = await getReadyDb();
  const { id } = await params;
  const page = await consolePageComponents(db, op, id).then((r) => r.page, (err: unknown) => (err instanceof NotFoundError ? notFound() : Promise.reject(err)));
  const snap = await loadRecentSnapshot(db, page);
  const open = snap.incidents.filter((i) => i.incident.resolved_at === null);
  const posted = (await searchParams).posted === "1";
  return (
    <>
      <LiveRefresh />
      {posted ? <p role="status" className="mb-4 rounded border border-green-700 px-3 py-2 text-sm">Incident posted. The public page shows it now.</p> : null}
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-bold">{page.name}</h1>
        <StatusPill status={snap.status} />
        <a className="text-sm underline" href={`/${page.url}`}>Public page</a>
      </div>
      <h2 className="mb-2 font-semibold">Components</h2>
      <ul className="mb-6 divide-y divide-gray-300 rounded border border-gray-300 dark:divide-gray-700 dark:border-gray-700">
        {snap.components.map((c) => (
          <li key={c.id} className="flex items-center justify-between px-4 py-2 text-sm"><span>{c.name}</span><StatusPill status={c.status} /></li>
        ))}
      </ul>
      <h2 className="mb-2 font-semibold">Open incidents</h2>
      {open.length === 0 ? <p className="text-sm">None.</p> : (
        <ul className="mb-6 space-y-2">
          {open.map((i) => <li key={i.incident.id} className="rounded border border-gray-300 px-4 py-2 text-sm dark:border-gray-700">{i.incident.name}</li>)}
        </ul>
      )}
      {op.role !== "viewer" ? <Link href={`/console/incidents/new?page=${page.id}`} className="inline-block rounded bg-red-700 px-3 py-2 text-sm font-semibold text-white">New incident on this page</Link> : null}
    </>
  );
}
