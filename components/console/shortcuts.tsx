"use client";
import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** "n" opens the new-incident form from any screen (not while typing in a field). */
export function Shortcuts() {
  const router = useRouter();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || t?.closest("input, textarea, select, [contenteditable]")) return;
      if (e.key === "n") {
        e.preventDefault();
        router.push("/console/incidents/new");
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [router]);
  return null;
}

/** Re-renders the screen's server data every `ms` (the pages' live status) while the tab is visible. */
export function LiveRefresh({ ms = 30_000 }: { ms?: number }) {
  const router = useRouter();
  useEffect(() => {
    const id = setInterval(() => document.visibilityState === "visible" && router.refresh(), ms);
    return () => clearInterval(id);
  }, [router, ms]);
  return null;
}
