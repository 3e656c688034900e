import type { Theme } from "@/lib/db/types";
import { escapeHtml } from "@/lib/text/escape";
import type { PageSnapshot } from "@/lib/public-page/load";
import { incidentImpactStatus, updateStatusLabel } from "@/lib/public-page/view";
import { formatDateTime, pageTimeStyle } from "@/lib/time/format";
import type { ServiceStatus } from "@/lib/status";
import { pageBannerText } from "@/lib/status/labels";
import { incidentUrl } from "@/lib/statuspage-compat/project";
import { translator } from "@/lib/i18n";
import { localeOf, type PageLocale } from "@/lib/time/locale";
import { resolveTheme, statusColorsFor } from "@/lib/theme/css";
import type { ThemePalette } from "@/lib/theme/palette";

/**
 * The frameable widget (/<slug>/embed): status, open incidents, maintenance in progress, a link to the page; no script.
 * No meta refresh: a timed refresh (axe "meta-refresh", critical) moves a screen reader back to the top; embed.js is the
 * live option. Its CSS is not Tailwind's: its CSP cannot load the app's stylesheet (docs/status-page.md, sizes).
 */

/* Every word of the widget: lib/i18n namespace `widget` (and the shared status words), in the page's language or an embedder's ?lang=. */

export type WidgetTheme = "light" | "dark" | "auto";

export function widgetTheme(param: string | null, pageDefault: Theme): WidgetTheme {
  if (param === "light" || param === "dark" || param === "auto") return param;
  return pageDefault === "LIGHT" ? "light" : pageDefault === "DARK" ? "dark" : "auto";
}

function vars(p: ThemePalette): string {
  const s = statusColorsFor(p);
  const status = (Object.keys(s) as (keyof typeof s)[]).map((k) => `--${k.toLowerCase()}:${s[k]}`).join(";");
  return `--bg:${p.cardBackgroundColor};--fg:${p.bodyFontColor};--muted:${p.bodyFontColorMuted};--link:${p.linkFontColor};--border:${p.borderColor};${status}`;
}

function themeCss(colors: string | null, theme: WidgetTheme): string {
  const { light, dark } = resolveTheme(colors);
  if (theme === "light") return `:root{${vars(light)};color-scheme:light}`;
  if (theme === "dark") return `:root{${vars(dark)};color-scheme:dark}`;
  return `:root{${vars(light)};color-scheme:light dark}@media (prefers-color-scheme:dark){:root{${vars(dark)}}}`;
}

const CSS =
  "*{box-sizing:border-box}body{margin:0;font:14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;background:var(--bg);color:var(--fg)}" +
  "main{padding:12px 14px;border:1px solid var(--border);border-radius:8px;min-height:100vh}a{color:var(--link)}" +
  "h1{font-size:15px;margin:0 0 8px}h1 a{color:inherit;text-decoration:none}" +
  ".status{display:flex;align-items:center;gap:8px;font-weight:600;font-size:16px;margin:0 0 8px}" +
  ".dot{width:12px;height:12px;border-radius:50%;flex:none;background:currentColor}" +
  "ul{list-style:none;margin:0 0 8px;padding:0}li{padding:6px 0;border-top:1px solid var(--border)}" +
  ".meta{color:var(--muted);font-size:12px}footer{display:flex;justify-content:space-between;gap:8px;font-size:12px;color:var(--muted)}";

const color = (s: ServiceStatus) => `var(--${s.toLowerCase()})`;

/** The widget document; every page-supplied text is escaped. */
export function renderWidget(snap: PageSnapshot, pageUrl: string, theme: WidgetTheme, locale: PageLocale = localeOf(snap.page.locale)): string {
  const { page } = snap;
  const t = translator(locale, "widget");
  const style = pageTimeStyle({ ...page, locale });
  const now = snap.generatedAt;
  const open = snap.incidents.filter((v) => v.incident.last_update_status !== "RESOLVED");
  const active = snap.maintenance.filter((m) => m.status === "IN_PROGRESS" || m.status === "VERIFYING");
  const link = (href: string, text: string) => `<a href="${escapeHtml(href)}" target="_blank" rel="noopener">${text}</a>`;
  const items = [
    ...open.map((v) => {
      const latest = v.updates[0];
      const when = latest ? ` · <time datetime="${new Date(latest.public_incident_update_date).toISOString()}">${formatDateTime(latest.public_incident_update_date, style)}</time>` : "";
      return `<li><span class="dot" style="color:${color(incidentImpactStatus(v))};display:inline-block;width:8px;height:8px"></span> ${link(incidentUrl({ pageUrl }, v.incident.id), escapeHtml(v.incident.name))}<div class="meta">${escapeHtml(updateStatusLabel(v.incident.last_update_status, locale))}${when}</div></li>`;
    }),
    ...active.map(
      (m) =>
        `<li><span class="dot" style="color:${color("UNDER_MAINTENANCE")};display:inline-block;width:8px;height:8px"></span> ${escapeHtml(m.name)}<div class="meta">${escapeHtml(t("maintenance", { time: formatDateTime(m.endsAt, style) }))}</div></li>`,
    ),
  ];
  return (
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="robots" content="noindex">` +
    `<title>${escapeHtml(t("title", { name: page.name }))}</title><style>${themeCss(page.theme_colors, theme)}${CSS}</style></head>` +
    `<body><main><h1>${link(pageUrl, escapeHtml(page.name))}</h1>` +
    `<p class="status" role="status" style="color:${color(snap.status)}"><span class="dot"></span><span style="color:var(--fg)">${escapeHtml(pageBannerText(snap.status, locale))}</span></p>` +
    (items.length ? `<ul aria-label="${escapeHtml(t("list"))}">${items.join("")}</ul>` : "") +
    `<footer><span>${escapeHtml(t("updated", { time: formatDateTime(now, style) }))}</span>${link(pageUrl, escapeHtml(t("view")))}</footer></main></body></html>`
  );
}

/** Small HTML answers for a framed widget that cannot show the page (private without key, unknown page). */
export function widgetError(message: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Status</title></head><body style="font:14px system-ui,sans-serif;margin:12px">${escapeHtml(message)}</body></html>`;
}
