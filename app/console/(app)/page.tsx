import Link from "next/link";
import { LiveRefresh } from "@/components/console/shortcuts";
import { StatusPill } from "@/components/console/status-pill";
import { getReadyDb } from "@/lib/db";
import { listConsolePages } from "@/lib/console/pages";
import { requireOperator } from "@/lib/console/session";

/** Every page of the account with its status now, refreshed while the tab is open. */
export default async function Pages() {
  const op = await requireOperator();
  const pages = await listConsolePages(await getReadyDb(), op);
  return (
    <>
      <LiveRefresh />
      <h1 className="mb-4 text-xl font-bold">Pages</h1>
      {pages.length === 0 ? <p>No pages yet: create one through the API (<code>POST /v3/status-pages</code>).</p> : (
        <ul className="divide-y divide-gray-300 rounded border border-gray-300 dark:divide-gray-700 dark:border-gray-700">
          {pages.map(({ page, status, openIncidents }) => (
            <li key={page.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
              <div>
                <Link href={`/console/pages/${page.id}`} className="font-semibold underline-offset-4 hover:underline">{page.name}</Link>
                <span className="ml-2 text-sm text-gray-700 dark:text-gray-300">/{page.url}</span>
              </div>
              <div className="flex items-center gap-3 text-sm">
                {openIncidents ? <span>{openIncidents} open incident{openIncidents === 1 ? "" : "s"}</span> : null}
                <StatusPill status={status} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
