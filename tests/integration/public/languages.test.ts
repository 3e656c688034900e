/**
 * Languages on both stores: a page's `locale` is its default, an allow-listed `?lang=` overrides it (and is
 * part of the front cache's key), any other `lang` is dropped before keying; Heliograph's words render in the
 * language, the operator's as written.
 */
import type { IncomingMessage } from "node:http";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { cacheKey, dropStrayQuery } from "@/lib/front-cache/request";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { siteLocale } from "@/lib/public-page/site";
import { findPageById } from "@/lib/status-pages/queries";
import { tenancyConfig } from "@/lib/tenancy/config";
import type { PageLocale } from "@/lib/time/locale";
import { StatusBanner } from "@/components/status/status-banner";
import { ServiceCard } from "@/components/service-card/service-card";
import { BarsLegend } from "@/components/uptime-bars/uptime-bars";
import { IncidentLine } from "@/components/incident/incident-parts";
import { SiteFooter, SiteHeader } from "@/components/site/site-chrome";
import { ClientMessages } from "@/components/i18n/client-messages";
import { pickMessages } from "@/lib/i18n";
import { CalendarLegend, UptimeCalendar } from "@/components/uptime-history/uptime-calendar";
import { loadUptimeHistory } from "@/lib/public-page/uptime-history";
import { makePage, openIncident, request } from "./fixtures";

const BASE = "http://localhost:3000";
const forwardedLocale = (res: Response) => res.headers.get("x-middleware-request-x-heliograph-locale");

/** The front cache's view of a request: stray parameters dropped, then keyed. */
function frontKey(url: string): string | undefined {
  const req = { url, headers: { host: "localhost:3000" } } as unknown as IncomingMessage;
  dropStrayQuery(req, tenancyConfig());
  return cacheKey(req, false);
}

/** The status page's body as the page route composes it, in `locale`. */
async function renderPage(p: Awaited<ReturnType<typeof makePage>>, locale: PageLocale): Promise<string> {
  const page = (await findPageById(p.db, p.page.id))!;
  const snap = await loadPageSnapshot(p.db, page);
  const affected = snap.components.filter((c) => c.status !== "OPERATIONAL").map((c) => ({ id: c.id, name: c.name, status: c.status }));
  // As the page layout does: the client components' words come through the provider, only namespace `client`.
  return renderToStaticMarkup(
    createElement(ClientMessages, { locale, messages: pickMessages(locale, ["client"]) }, [
      createElement(SiteHeader, { key: "h", page, base: `/${p.slug}`, locked: false, locale }),
      createElement(StatusBanner, { key: "b", status: snap.status, affected, locale }),
      createElement(BarsLegend, { key: "l", locale }),
      ...snap.entries.map((entry) => createElement(ServiceCard, { key: entry.id, entry, barsHref: (id: string) => `/${p.slug}/components/${id}/bars`, locale })),
      ...snap.incidents.map((v) => createElement(IncidentLine, { key: v.incident.id, view: v, base: `/${p.slug}`, locale })),
      createElement(SiteFooter, { key: "f", page, locale }),
    ]),
  );
}

/** The uptime history page's calendars, in `locale`. */
async function renderCalendars(p: Awaited<ReturnType<typeof makePage>>, locale: PageLocale): Promise<string> {
  const page = (await findPageById(p.db, p.page.id))!;
  const history = await loadUptimeHistory(p.db, page);
  return renderToStaticMarkup(
    createElement("div", null, [
      createElement(CalendarLegend, { key: "l", locale }),
      ...history.components.map((c) => createElement(UptimeCalendar, { key: c.id, component: c, incidentNames: history.incidentNames, locale })),
    ]),
  );
}

describe(`languages on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("proxy.ts resolves the language: the page's locale, or an allow-listed ?lang=", async () => {
    const { slug } = await makePage({ locale: "de" });
    expect(forwardedLocale((await proxy(request(`${BASE}/${slug}`)))!)).toBe("de");
    const ja = (await proxy(request(`${BASE}/${slug}?lang=ja`)))!;
    expect(ja.headers.get("x-middleware-next")).toBe("1");
    expect(forwardedLocale(ja)).toBe("ja");
    expect(forwardedLocale((await proxy(request(`${BASE}/${slug}/history?lang=fr`)))!)).toBe("fr");
    // A forged header from the client never reaches the page.
    expect(forwardedLocale((await proxy(request(`${BASE}/${slug}`, { headers: { "x-heliograph-locale": "ja" } })))!)).toBe("de");
  });

  it("?lang=zz (or two langs) is redirected away, so it reaches no page and no cache entry", async () => {
    const { slug } = await makePage({ locale: "de" });
    for (const q of ["?lang=zz", "?lang=ja&lang=de", "?lang=DE"]) {
      const res = (await proxy(request(`${BASE}/${slug}${q}`)))!;
      expect(res.status, q).toBe(308);
      expect(new URL(res.headers.get("location")!, BASE).search, q).toBe("");
    }
    const kept = (await proxy(request(`${BASE}/${slug}?lang=zz&page=2`.replace(`/${slug}?`, `/${slug}/history?`))))!;
    expect(new URL(kept.headers.get("location")!, BASE).search).toBe("?page=2");
  });

  it("the front cache keys an allow-listed lang apart and drops any other before keying", async () => {
    const { slug } = await makePage({ locale: "de" });
    const plain = frontKey(`/${slug}`);
    expect(frontKey(`/${slug}?lang=zz`)).toBe(plain);
    expect(frontKey(`/${slug}?lang=ja&lang=ja`)).toBe(plain);
    expect(frontKey(`/${slug}?utm_source=x&lang=xx`)).toBe(plain);
    const ja = frontKey(`/${slug}?lang=ja`);
    expect(ja).not.toBe(plain);
    expect(frontKey(`/${slug}?_rsc=1&lang=ja`)).not.toBe(ja);
    // Feeds and badges read no lang: it is stray there.
    expect(frontKey(`/${slug}/feed.rss?lang=ja`)).toBe(frontKey(`/${slug}/feed.rss`));
  });

  it("the page reads the resolved language; a missing or unknown one means the page's own", () => {
    expect(siteLocale("ja", "de")).toBe("ja");
    expect(siteLocale(null, "de")).toBe("de");
    expect(siteLocale("zz", "de")).toBe("de");
    expect(siteLocale(null, "xx")).toBe("en");
  });

  it("renders Heliograph's words in German on a de page and in Japanese with ?lang=ja; the operator's as written", async () => {
    const p = await makePage({ locale: "de", name: "Acme Wolke" });
    await openIncident(p.db, p.accountId, [p.services.api.id], "Payment API errors");
    const de = await renderPage(p, "de");
    for (const word of ["Statusseite", "Verlauf", "Updates abonnieren", "Was die Balken zeigen", "Betriebsbereit", "Andauernd · Wird untersucht", "Bereitgestellt mit Heliograph.", "Deutsch", "Farbschema", "System (wie Ihr Gerät)"]) expect(de).toContain(word);
    expect(de).toMatch(/\d+ Tage/);
    expect(de).not.toContain("Operational");
    expect(de).not.toContain("Subscribe");

    const ja = await renderPage(p, "ja");
    for (const word of ["ステータスページ", "購読", "正常稼働", "継続中 · 調査中", "バーの見方", "カラーテーマ"]) expect(ja).toContain(word);
    expect(ja).not.toContain("Betriebsbereit");

    for (const html of [de, ja]) {
      // Operator text is never translated; no message key or placeholder reaches a visitor.
      for (const own of ["Acme Wolke", "Payment API errors", "API", "Website", "Core"]) expect(html).toContain(own);
      expect(html).not.toMatch(/\b(?:chrome|bars|banner|incident|status)\.[a-zA-Z]+\b/);
      expect(html).not.toMatch(/\{(?:name|count|status|zone)\}/);
    }
    // The switcher marks the language shown and links to every other with a plain ?lang= link.
    expect(ja).toMatch(/<a href="\?lang=ja" lang="ja" hrefLang="ja" aria-current="true"/);
    expect(ja).toContain('href="?lang=de"');
  });

  it("renders the uptime history's calendars in the language: legend, months, weekdays, percentages", async () => {
    const p = await makePage({ locale: "fr" });
    const fr = await renderCalendars(p, "fr");
    expect(fr).toContain("Signification des couleurs");
    expect(fr).toContain("Opérationnel");
    expect(fr).toMatch(/(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}/);
    expect(fr).toContain("API");
    expect(fr).not.toContain("What the colours mean");
    const en = await renderCalendars(p, "en");
    expect(en).toContain("What the colours mean");
    expect(en).toContain("<span>M</span><span>T</span><span>W</span>");
  });
});
