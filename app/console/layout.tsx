import type { Metadata } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = { title: "Heliograph console", robots: { index: false, follow: false } };
export const dynamic = "force-dynamic";

/** Light or dark as the operator's system says; everything under /console is rendered per request, never cached. */
export default function ConsoleRoot({ children }: { children: ReactNode }) {
  return <div className="min-h-screen bg-white text-gray-900 [--hg-link:#1d4ed8] [--hg-ring:#111827] dark:bg-gray-950 dark:text-gray-100 dark:[--hg-link:#93c5fd] dark:[--hg-ring:#f3f4f6]">{children}</div>;
}
