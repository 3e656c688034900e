import { describe, expect, it } from "vitest";
import { addIncidentUpdate, createIncident } from "@/lib/incidents/service";
import { createWindow } from "@/lib/maintenance/service";
import { loadHistory } from "@/lib/public-page/history";
import { loadIncidentForPage } from "@/lib/public-page/incident";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { robotsFor, sitemapFor } from "@/lib/public-page/crawl";
import { createService } from "@/lib/services/service";
import { createPage } from "@/lib/status-pages/service";
import type { TenancyConfig } from "@/lib/tenancy/route";
import { makePage, openIncident } from "./fixtures";

const DAY = 86_400_000;

describe(`public page loaders on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("an incident page shows only this page's incidents, and only this page's services of it", async () => {
    const p = await makePage();
    const hidden = await createService(p.db, p.accountId, { name: "Internal billing" });
    const shared = await createIncident(p.db, p.accountId, { name: "Mixed", severity: "MINOR", serviceIds: [p.services.api.id, hidden.id], update: { description: "x" } });
    const elsewhere = await createIncident(p.db, p.accountId, { name: "Billing only", severity: "MINOR", serviceIds: [hidden.id], update: { description: "x" } });
    const view = await loadIncidentForPage(p.db, p.page, shared.incident.id);
    expect(view?.services.map((s) => s.name)).toEqual(["API"]);
    expect(await loadIncidentForPage(p.db, p.page, elsewhere.incident.id)).toBeNull();
    expect(await loadIncidentForPage(p.db, p.page, "not-a-uuid")).toBeNull();
    expect(await loadIncidentForPage(p.db, p.page, "00000000-0000-4000-8000-000000000000")).toBeNull();
    // Another account's incident on a page of that account is not visible here either.
    const q = await makePage();
    const theirs = await openIncident(q.db, q.accountId, [q.services.api.id]);
    expect(await loadIncidentForPage(p.db, p.page, theirs.incident.id)).toBeNull();
  });

  it("a domain write is visible at the next read (no cache in between)", async () => {
    const p = await makePage();
    const incident = await openIncident(p.db, p.accountId, [p.services.api.id]);
    const before = await loadPageSnapshot(p.db, p.page);
    expect(before.status).toBe("MAJOR_OUTAGE");
    await addIncidentUpdate(p.db, p.accountId, incident.incident.id, { description: "Fixed by **rollback**.", status: "RESOLVED" });
    const after = await loadPageSnapshot(p.db, p.page);
    expect(after.status).toBe("OPERATIONAL");
    expect(after.incidents[0].updates[0].description).toBe("Fixed by **rollback**.");
  });

  it("history lists incidents and completed maintenance by month, newest first, paged backwards", async () => {
    const p = await makePage();
    const now = Date.now();
    const old = now - 100 * DAY;
    await createIncident(p.db, p.accountId, { name: "Old one", severity: "MINOR", serviceIds: [p.services.web.id], update: { description: "x", publicIncidentUpdateDate: old } });
    await createIncident(p.db, p.accountId, { name: "Recent", severity: "MAJOR", serviceIds: [p.services.api.id], update: { description: "x", status: "RESOLVED" } });
    await createWindow(p.db, p.accountId, {
      name: "Past upgrade",
      startsAt: now - 2 * DAY,
      endsAt: now - 2 * DAY + 3_600_000,
      repeatUnit: null,
      statusPageVisibility: { enabled: true, statusPageIds: [p.page.id], affectAllServices: true },
    });
    await createWindow(p.db, p.accountId, { name: "Future", startsAt: now + DAY, endsAt: now + 2 * DAY, repeatUnit: null, statusPageVisibility: { enabled: true, statusPageIds: [p.page.id] } });

    const first = await loadHistory(p.db, p.page, 1, now);
    expect(first.months).toHaveLength(3);
    expect(first.months[0].start).toBeGreaterThan(first.months[1].start);
    const names = first.months.flatMap((m) => m.incidents.map((v) => v.incident.name));
    expect(names).toContain("Recent");
    expect(names).not.toContain("Old one");
    expect(first.months.flatMap((m) => m.maintenance.map((w) => w.name))).toEqual(["Past upgrade"]);
    expect(first.hasOlder).toBe(true);

    const pages = [2, 3].map((n) => loadHistory(p.db, p.page, n, now));
    const older = (await Promise.all(pages)).flatMap((h) => h.months.flatMap((m) => m.incidents.map((v) => v.incident.name)));
    expect(older).toContain("Old one");
    const far = await loadHistory(p.db, p.page, 10, now);
    expect(far.hasOlder).toBe(false);
    expect(far.months.every((m) => m.incidents.length === 0)).toBe(true);
  });

  it("robots.txt and sitemap.xml list public pages only", async () => {
    const pub = await makePage({ name: "Public" });
    const priv = await makePage({ name: "Private", isPrivate: true });
    const domain = `crawl-${Date.now()}.acme.test`;
    const custom = await makePage({ customDomain: domain });
    const privDomain = `hidden-${Date.now()}.acme.test`;
    await createPage(priv.db, priv.accountId, { name: "Hidden", url: `h-${Date.now()}`, customDomain: privDomain, isPrivate: true, cards: [] });
    const cfg: TenancyConfig = { publicOrigin: "https://status.example.com", trustProxy: false, rootRedirect: null };
    const primary = { host: "status.example.com", forwardedHost: null };

    const urls = (await sitemapFor(primary, cfg)).map((e) => e.url);
    expect(urls).toContain(`https://status.example.com/${pub.slug}`);
    expect(urls).toContain(`https://status.example.com/${pub.slug}/history`);
    expect(urls.join(" ")).not.toContain(priv.slug);
    expect(urls.join(" ")).not.toContain(custom.slug);
    expect((await sitemapFor({ host: domain, forwardedHost: null }, cfg)).map((e) => e.url)).toEqual([`https://${domain}`, `https://${domain}/history`]);
    expect(await sitemapFor({ host: privDomain, forwardedHost: null }, cfg)).toEqual([]);

    expect(await robotsFor(primary, cfg)).toEqual({ rules: { userAgent: "*", allow: "/" }, sitemap: "https://status.example.com/sitemap.xml" });
    expect(JSON.stringify(await robotsFor(primary, cfg))).not.toContain(priv.slug);
    expect(await robotsFor({ host: privDomain, forwardedHost: null }, cfg)).toEqual({ rules: { userAgent: "*", disallow: "/" } });
    expect(await robotsFor({ host: "unknown.example", forwardedHost: null }, cfg)).toEqual({ rules: { userAgent: "*", disallow: "/" } });
  });
});
