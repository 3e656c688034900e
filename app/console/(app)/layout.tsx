import Link from "next/link";
import type { ReactNode } from "react";
import { ActionForm } from "@/components/console/form";
import { Shortcuts } from "@/components/console/shortcuts";
import { requireOperator } from "@/lib/console/session";
import { signOutAction } from "./actions";

const NAV = [
  { href: "/console", label: "Pages" },
  { href: "/console/operators", label: "Operators", owner: true },
  { href: "/console/api-keys", label: "API keys", owner: true },
  { href: "/console/audit-log", label: "Audit log" },
  { href: "/console/account", label: "Account" },
];

/** The shell of every signed-in screen: navigation, the new-incident action (and its "n" shortcut), sign-out. */
export default async function Shell({ children }: { children: ReactNode }) {
  const op = await requireOperator();
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only">Skip to content</a>
      <header className="border-b border-gray-300 dark:border-gray-700">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3">
          <Link href="/console" className="font-bold">Heliograph</Link>
          <nav aria-label="Console" className="flex flex-wrap gap-x-3 text-sm">
            {NAV.filter((n) => !n.owner || op.role === "owner").map((n) => (
              <Link key={n.href} href={n.href} className="underline-offset-4 hover:underline">{n.label}</Link>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-3">
            {op.role !== "viewer" ? (
              <Link href="/console/incidents/new" aria-keyshortcuts="n" className="rounded bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800">
                New incident
              </Link>
            ) : null}
            <span className="hidden text-sm sm:inline" title={op.email}>{op.name} · {op.role}</span>
            <ActionForm action={signOutAction} submit="Sign out" className="inline" label="Sign out" />
          </div>
        </div>
      </header>
      <Shortcuts />
      <main id="main" className="mx-auto max-w-5xl px-4 py-6">{children}</main>
    </>
  );
}
