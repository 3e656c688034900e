import type { ReactNode } from "react";
import type { ServiceStatus } from "@/lib/status";

type IconStatus = ServiceStatus | "NO_DATA";

// The shape's marks are drawn in the card's colour, or in `--icon-mark` (the banner sets it to the status colour).
const MARK = "var(--icon-mark, var(--hg-card))";

/** A distinct shape per status, so status never rests on colour alone (the words are always next to it). */
const SHAPES: Record<IconStatus, ReactNode> = {
  OPERATIONAL: (
    <>
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="M5.5 10.5l3 3 6-6.5" fill="none" stroke={MARK} strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  DEGRADED_PERFORMANCE: (
    <>
      <circle cx="10" cy="10" r="9" fill="currentColor" />
      <path d="M5.5 10h9" stroke={MARK} strokeWidth="2.4" strokeLinecap="round" />
    </>
  ),
  PARTIAL_OUTAGE: (
    <>
      <path d="M10 1.5l9 16.5H1z" fill="currentColor" strokeLinejoin="round" />
      <path d="M10 7.5v5" stroke={MARK} strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="10" cy="15.3" r="1.2" fill={MARK} />
    </>
  ),
  MAJOR_OUTAGE: (
    <>
      <path d="M6.2 1h7.6L19 6.2v7.6L13.8 19H6.2L1 13.8V6.2z" fill="currentColor" />
      <path d="M6.8 6.8l6.4 6.4M13.2 6.8l-6.4 6.4" stroke={MARK} strokeWidth="2.2" strokeLinecap="round" />
    </>
  ),
  UNDER_MAINTENANCE: (
    <>
      <rect x="1" y="1" width="18" height="18" rx="4" fill="currentColor" />
      <path d="M10 5v5l3.2 2" fill="none" stroke={MARK} strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  NO_DATA: <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="3 2.5" />,
};

const symbolId = (status: IconStatus) => `hg-${status}`;

/**
 * Every shape once per document (SiteFrame), each icon a <use> of it: a page of 200 components shows 200
 * icons, and drawing each in full was a sixth of its HTML. currentColor and `--icon-mark` reach into the
 * <use> copy, so the icon's colours still come from where it sits.
 */
export function StatusIconSprite() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false">
      {(Object.keys(SHAPES) as IconStatus[]).map((s) => (
        <symbol key={s} id={symbolId(s)} viewBox="0 0 20 20">
          {SHAPES[s]}
        </symbol>
      ))}
    </svg>
  );
}

/**
 * A status's shape (`.status-icon`: 1.1em, in the status colour, globals.css). `inverse` draws it on a
 * background of the status colour (the banner): the shape in the card colour. Needs StatusIconSprite in the document.
 */
export function StatusIcon({ status, className = "", inverse = false }: { status: IconStatus; className?: string; inverse?: boolean }) {
  const cls = ["status-icon", `s-${status}`, inverse ? "text-card [--icon-mark:var(--s)]" : "", className].filter(Boolean).join(" ");
  return (
    <svg className={cls} aria-hidden="true">
      <use href={`#${symbolId(status)}`} />
    </svg>
  );
}
