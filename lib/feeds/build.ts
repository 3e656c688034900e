import { Feed, type Item } from "feed";
import type { PageSnapshot } from "@/lib/public-page/load";
import { statusLabel } from "@/lib/status/labels";
import { impactText, incidentImpactStatus, updateStatusLabel } from "@/lib/public-page/view";
import { toIso } from "@/lib/db/time";
import { incidentUrl, lastChange, occurrenceId } from "@/lib/statuspage-compat/project";
import { feedText } from "@/lib/feeds/text";
import { escapeHtml } from "@/lib/text/escape";
import { formatDateTime, formatRange, pageTimeStyle, type TimeStyle } from "@/lib/time/format";

export type FeedFormat = "rss" | "atom";

export interface FeedContext {
  /** the page's canonical address (custom domain when set), never taken from the request */
  pageUrl: string;
  /** markdown → sanitized HTML, the same renderer the page and emails use */
  renderMarkdown: (markdown: string) => string;
}

/** Readers show the newest entries; a daily repeating window must not push incidents out. */
export const MAX_ENTRIES = 100;

export { xmlSafe } from "@/lib/feeds/text";

interface Entry {
  title: string;
  id: string;
  link: string;
  date: number;
  summary: string;
  html: string;
}

// Readers date entries in their own zone; the texts say the page's time, named ("23:05 GMT+9").
const timeHtml = (ms: number, text: string) => `<time datetime="${toIso(ms)}">${escapeHtml(text)}</time>`;

function incidentEntries(snap: PageSnapshot, ctx: FeedContext, style: TimeStyle): Entry[] {
  const onThisPage = new Set(snap.components.map((c) => c.id));
  return snap.incidents.flatMap((view) => {
    const { incident, updates } = view;
    const link = incidentUrl(ctx, incident.id);
    // An incident may also touch components of other (perhaps private) pages: name only this page's.
    const shown = view.components.filter((c) => onThisPage.has(c.id));
    const affected = shown.map(impactText).join(", ");
    const impact = statusLabel(incidentImpactStatus({ ...view, components: shown }));
    return updates.map((u) => ({
      title: `${incident.name}: ${updateStatusLabel(u.status)}`,
      id: `${link}#update-${u.id}`,
      link,
      date: u.public_incident_update_date,
      summary: `${updateStatusLabel(u.status)} · ${impact}${affected ? ` · ${affected}` : ""}`,
      html:
        `<p><strong>${updateStatusLabel(u.status)}</strong> · ${escapeHtml(impact)} · ${timeHtml(u.public_incident_update_date, formatDateTime(u.public_incident_update_date, style))}</p>` +
        ctx.renderMarkdown(u.description) +
        (affected ? `<p>Affected: ${escapeHtml(affected)}</p>` : ""),
    }));
  });
}

function maintenanceEntries(snap: PageSnapshot, ctx: FeedContext, style: TimeStyle): Entry[] {
  const names = new Map(snap.components.map((c) => [c.id, c.name]));
  return snap.maintenance.map((m) => {
    const when = formatRange(m.startsAt, m.endsAt, style);
    const affected = !m.showAffectedServices ? "" : m.serviceIds === "ALL" ? "All services" : m.serviceIds.flatMap((id) => names.get(id) ?? []).join(", ");
    return {
      title: `Scheduled maintenance: ${m.name}`,
      id: `${ctx.pageUrl}#maintenance-${occurrenceId(m)}`,
      link: ctx.pageUrl,
      // an occurrence that began is dated by its start; a coming one by its announcement (last edit)
      date: m.startsAt <= snap.generatedAt ? m.startsAt : m.updatedAt,
      summary: when,
      html:
        `<p><strong>Scheduled maintenance</strong> · ${timeHtml(m.startsAt, when)}</p>` +
        (m.description ? ctx.renderMarkdown(m.description) : "") +
        (affected ? `<p>Affected: ${escapeHtml(affected)}</p>` : ""),
    };
  });
}

/**
 * RSS 2.0 or Atom 1.0 of a page: one entry per incident update and maintenance occurrence, newest first. Every text
 * goes through feedText as the format defines its element: RSS titles plain text, descriptions HTML; Atom feed-level
 * texts type="text", entry titles, summaries and content type="html" (as the library writes them).
 */
export function buildFeed(snap: PageSnapshot, ctx: FeedContext, format: FeedFormat): string {
  const { page } = snap;
  const style = pageTimeStyle(page);
  const entries = [...incidentEntries(snap, ctx, style), ...maintenanceEntries(snap, ctx, style)]
    .sort((a, b) => b.date - a.date || (a.id < b.id ? -1 : 1))
    .slice(0, MAX_ENTRIES);
  const description = { text: page.description ?? `Incidents and maintenance of ${page.name}` };
  const feed = new Feed({
    id: ctx.pageUrl,
    title: feedText({ text: `${page.name} status` }, "text"),
    // RSS readers render the channel description as HTML; Atom's subtitle is type="text"
    description: format === "rss" ? feedText(description, "html") : feedText(description, "text"),
    link: ctx.pageUrl,
    updated: new Date(lastChange(snap)),
    generator: "Heliograph",
    language: style.locale,
    feedLinks: { rss: `${ctx.pageUrl}/feed.rss`, atom: `${ctx.pageUrl}/feed.atom` },
    author: { name: feedText({ text: page.name }, "text"), link: ctx.pageUrl },
    copyright: feedText({ text: page.name }, "text"),
  });
  for (const e of entries) {
    const title = { text: e.title };
    const item: Item = {
      // the library puts RSS titles in CDATA; as a plain-text element the title goes in as escaped text instead
      title: format === "atom" ? feedText(title, "html") : "",
      extensions: format === "rss" ? [{ name: "title", objects: { _text: feedText(title, "text") } }] : undefined,
      id: e.id,
      guid: e.id,
      link: e.link,
      date: new Date(e.date),
      published: new Date(e.date),
      description: feedText({ text: e.summary }, "html"),
      content: feedText({ html: e.html }, "html"),
    };
    feed.addItem(item);
  }
  return format === "rss" ? feed.rss2() : feed.atom1();
}

export const FEED_CONTENT_TYPE: Record<FeedFormat, string> = {
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
};
