import "server-only";
import { createHash } from "node:crypto";
import type { StatusPage } from "@/lib/db/types";
import type { IncidentView } from "@/lib/incidents/types";
import type { PageSnapshot } from "@/lib/public-page/load";
import { hasComponentImpacts, incidentImpactStatus, updateStatusLabel } from "@/lib/public-page/view";
import { pageBannerText, severityLabel, statusLabel } from "@/lib/status";
import { resolveTheme, statusColorsFor } from "@/lib/theme/css";
import { IncidentOgImage, OG_SIZE, PageOgImage, type OgFrame } from "./images";
import { fetchLogo } from "./logo";
import { formatDateTime, pageTimeStyle } from "@/lib/time/format";
import { CATALOGUES, translator } from "@/lib/i18n";
import { localeOf, type PageLocale } from "@/lib/time/locale";
import { ogText } from "./text";
import { hostTree } from "./host-tree";
import { ogRenderer } from "./renderer";

/** "status.acme.com" or "example.com/acme": the address without its scheme. */
export const displayAddress = (pageUrl: string) => pageUrl.replace(/^https?:\/\//, "").replace(/\/$/, "");

/**
 * The language of an image's words: the page's, when the bundled Latin font draws it (ogText keeps it whole);
 * else English (Japanese: the image engine would need a CJK font fetched from the internet, see ./text.ts).
 * Link previews have no visitor to ask, so no ?lang= here: crawlers fetch the one og:image the page names.
 */
export function ogLocale(pageLocale: string): PageLocale {
  const l = localeOf(pageLocale);
  const probe = Object.values(CATALOGUES[l].status).join(" ") + translator(l, "notify")("statusPage");
  return ogText(probe, probe.length + 1) === probe ? l : "en";
}

async function frameOf(page: StatusPage, pageUrl: string, locale: PageLocale): Promise<OgFrame> {
  // Link previews are light: the light palette, and the light logo.
  const palette = resolveTheme(page.theme_colors).light;
  const label = translator(locale, "notify")("statusPage");
  return { pageName: page.name, address: displayAddress(pageUrl), logo: await fetchLogo(page.logo), label, palette, statusColors: statusColorsFor(palette) };
}

/*
 * A link preview is a pure function of what it shows: each distinct one is drawn once, so a front cache miss on an
 * unchanged page costs a hash, not a layout and a PNG encoding (which ran at a quarter of the landing page's rate).
 * Bounded by the bytes held, cleared whole when full.
 */
const MEMO_BYTES = 8 * 1024 * 1024;
const drawn = new Map<string, Uint8Array>();
let held = 0;

async function png(kind: "page" | "incident", element: React.ReactElement): Promise<Uint8Array> {
  const key = createHash("sha256").update(kind).update("\u0000").update(JSON.stringify(element.props)).digest("base64");
  const known = drawn.get(key);
  if (known) return known;
  // Drawn by the engine's own process (./renderer.ts), which is sent the element's host tree as plain data.
  const bytes = await ogRenderer().render(hostTree(element), OG_SIZE);
  if (held + bytes.length > MEMO_BYTES) {
    drawn.clear();
    held = 0;
  }
  drawn.set(key, bytes);
  held += bytes.length;
  return bytes;
}

/** The page's link preview: name, logo, overall status and its top-level entries (groups, components), in the page's colours. */
export async function pageImageElement(snap: PageSnapshot, pageUrl: string): Promise<React.ReactElement> {
  const locale = ogLocale(snap.page.locale);
  const frame = await frameOf(snap.page, pageUrl, locale);
  const entries = snap.entries.map((e) => ({ name: e.name, status: e.status, statusText: statusLabel(e.status, locale) }));
  return <PageOgImage {...frame} status={snap.status} statusText={pageBannerText(snap.status, locale)} entries={entries} />;
}

export const renderPageImage = async (snap: PageSnapshot, pageUrl: string) => png("page", await pageImageElement(snap, pageUrl));

/** An incident's link preview: name, severity (v3: worst impact), latest status, when it was posted and what it affects. */
export async function incidentImageElement(page: StatusPage, view: IncidentView, pageUrl: string): Promise<React.ReactElement> {
  const locale = ogLocale(page.locale);
  const frame = await frameOf(page, pageUrl, locale);
  const latest = view.updates[0];
  const resolved = view.incident.last_update_status === "RESOLVED";
  const updatedAt = formatDateTime(latest?.public_incident_update_date ?? view.incident.started_at, pageTimeStyle({ ...page, locale }));
  return (
    <IncidentOgImage
      {...frame}
      name={view.incident.name}
      severity={hasComponentImpacts(view) ? statusLabel(incidentImpactStatus(view), locale) : severityLabel(view.incident.severity, locale)}
      severityStatus={resolved ? "OPERATIONAL" : incidentImpactStatus(view)}
      latestStatus={updateStatusLabel(view.incident.last_update_status, locale)}
      updatedAt={updatedAt}
      affected={view.components.map((c) => `${c.name} — ${statusLabel(c.status, locale)}`)}
    />
  );
}

export const renderIncidentImage = async (page: StatusPage, view: IncidentView, pageUrl: string) => png("incident", await incidentImageElement(page, view, pageUrl));
