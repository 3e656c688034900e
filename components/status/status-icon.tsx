import type { ServiceStatus } from "@/lib/status";

/**
 * A distinct shape per status, so status never rests on colour alone (the words are always next to it).
 * `inverse` draws it on a background of the status colour (the banner): the shape in the card colour.
 */
export function StatusIcon({ status, className = "size-[1.1em]", inverse = false }: { status: ServiceStatus | "NO_DATA"; className?: string; inverse?: boolean }) {
  return (
    <svg
      className={`status-icon s-${status} inline-block flex-none align-[-0.18em] ${inverse ? "text-card [--icon-mark:var(--s)]" : "text-status"} ${className}`}
      viewBox="0 0 20 20"
      aria-hidden="true"
      focusable="false"
    >
      {status === "OPERATIONAL" && (
        <>
          <circle cx="10" cy="10" r="9" fill="currentColor" />
          <path d="M5.5 10.5l3 3 6-6.5" fill="none" stroke="var(--icon-mark, var(--hg-card))" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </>
      )}
      {status === "DEGRADED_PERFORMANCE" && (
        <>
          <circle cx="10" cy="10" r="9" fill="currentColor" />
          <path d="M5.5 10h9" stroke="var(--icon-mark, var(--hg-card))" strokeWidth="2.4" strokeLinecap="round" />
        </>
      )}
      {status === "PARTIAL_OUTAGE" && (
        <>
          <path d="M10 1.5l9 16.5H1z" fill="currentColor" strokeLinejoin="round" />
          <path d="M10 7.5v5" stroke="var(--icon-mark, var(--hg-card))" strokeWidth="2.2" strokeLinecap="round" />
          <circle cx="10" cy="15.3" r="1.2" fill="var(--icon-mark, var(--hg-card))" />
        </>
      )}
      {status === "MAJOR_OUTAGE" && (
        <>
          <path d="M6.2 1h7.6L19 6.2v7.6L13.8 19H6.2L1 13.8V6.2z" fill="currentColor" />
          <path d="M6.8 6.8l6.4 6.4M13.2 6.8l-6.4 6.4" stroke="var(--icon-mark, var(--hg-card))" strokeWidth="2.2" strokeLinecap="round" />
        </>
      )}
      {status === "UNDER_MAINTENANCE" && (
        <>
          <rect x="1" y="1" width="18" height="18" rx="4" fill="currentColor" />
          <path d="M10 5v5l3.2 2" fill="none" stroke="var(--icon-mark, var(--hg-card))" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
        </>
      )}
      {status === "NO_DATA" && <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="3 2.5" />}
    </svg>
  );
}
