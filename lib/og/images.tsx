import type { ReactElement } from "react";
import type { ServiceStatus } from "@/lib/status/types";
import type { StatusPalette, ThemePalette } from "@/lib/theme/palette";
import { ogText } from "./text";

export const OG_SIZE = { width: 1200, height: 630 } as const;

export interface OgFrame {
  pageName: string;
  /** where the page lives, as people read it ("status.acme.com", "example.com/acme") */
  address: string;
  logo: string | null;
  /** "Status page" in the image's language */
  label: string;
  palette: ThemePalette;
  statusColors: StatusPalette;
}

export interface PageOgData extends OgFrame {
  status: ServiceStatus;
  statusText: string;
  /** top-level entries: groups (v1: cards) and components outside any group */
  entries: { name: string; status: ServiceStatus; statusText: string }[];
}

export interface IncidentOgData extends OgFrame {
  name: string;
  severity: string;
  severityStatus: ServiceStatus;
  latestStatus: string;
  updatedAt: string;
  /** "API — Partial outage", one per affected component */
  affected: string[];
}

function Frame({ frame, children }: { frame: OgFrame; children: ReactElement | ReactElement[] }) {
  const p = frame.palette;
  return (
    <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", background: p.bodyBackgroundColor, color: p.bodyFontColor, fontSize: 32 }}>
      <div style={{ display: "flex", alignItems: "center", height: 150, padding: "0 64px", background: p.headerBackgroundColor, color: p.headerFontColor }}>
        {/* eslint-disable-next-line @next/next/no-img-element -- drawn by the image engine, not a browser */}
        {frame.logo ? <img src={frame.logo} width={96} height={96} style={{ objectFit: "contain", marginRight: 32, borderRadius: 12 }} alt="" /> : <div style={{ display: "flex" }} />}
        <div style={{ display: "flex", fontSize: 56, fontWeight: 700 }}>{ogText(frame.pageName, 40)}</div>
      </div>
      <div style={{ display: "flex", flexDirection: "column", flexGrow: 1, padding: "48px 64px 0 64px" }}>{children}</div>
      <div style={{ display: "flex", justifyContent: "space-between", padding: "0 64px 40px 64px", color: p.bodyFontColorMuted, fontSize: 26 }}>
        <div style={{ display: "flex" }}>{ogText(frame.address, 60)}</div>
        <div style={{ display: "flex" }}>{ogText(frame.label, 40)}</div>
      </div>
    </div>
  );
}

function Dot({ color, size }: { color: string; size: number }) {
  return <div style={{ display: "flex", width: size, height: size, borderRadius: size, background: color, marginRight: size / 2 }} />;
}

export function PageOgImage(d: PageOgData) {
  const shown = d.entries.slice(0, 4);
  return (
    <Frame frame={d}>
      <div style={{ display: "flex", alignItems: "center", padding: "28px 36px", borderRadius: 20, background: d.palette.cardBackgroundColor, border: `3px solid ${d.statusColors[d.status]}` }}>
        <Dot color={d.statusColors[d.status]} size={44} />
        <div style={{ display: "flex", fontSize: 52, fontWeight: 700, color: d.palette.titleFontColor }}>{d.statusText}</div>
      </div>
      <div style={{ display: "flex", flexDirection: "column", marginTop: 28 }}>
        {shown.map((c, i) => (
          <div key={i} style={{ display: "flex", alignItems: "center", justifyContent: "space-between", padding: "8px 8px", fontSize: 30 }}>
            <div style={{ display: "flex" }}>{ogText(c.name, 50)}</div>
            <div style={{ display: "flex", alignItems: "center", color: d.statusColors[c.status] }}>
              <Dot color={d.statusColors[c.status]} size={18} />
              {c.statusText}
            </div>
          </div>
        ))}
      </div>
    </Frame>
  );
}

export function IncidentOgImage(d: IncidentOgData) {
  const color = d.statusColors[d.severityStatus];
  return (
    <Frame frame={d}>
      <div style={{ display: "flex", alignItems: "center", fontSize: 28 }}>
        <div style={{ display: "flex", padding: "6px 18px", borderRadius: 10, background: color, color: "#ffffff", fontWeight: 700 }}>{d.severity}</div>
        <div style={{ display: "flex", marginLeft: 20, color: d.palette.bodyFontColorMuted }}>{`${d.latestStatus} · ${d.updatedAt}`}</div>
      </div>
      <div style={{ display: "flex", marginTop: 28, fontSize: 58, fontWeight: 700, lineHeight: 1.15, color: d.palette.titleFontColor }}>{ogText(d.name, 110)}</div>
      <div style={{ display: "flex", marginTop: 28, fontSize: 28, color: d.palette.bodyFontColorMuted }}>
        {d.affected.length > 0 ? ogText(`Affected: ${d.affected.join(", ")}`, 90) : ""}
      </div>
    </Frame>
  );
}
