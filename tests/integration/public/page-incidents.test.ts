/**
 * The status page's incidents over its window (lib/public-page/queries.ts listPageIncidentsSince): the same rows,
 * in the same order, as the scope query it replaces on the page (lib/incidents/queries.ts listIncidentsForScope).
 */
import { describe, expect, it } from "vitest";
import { loadPageStructure } from "@/lib/components/structure";
import { listIncidentsForScope } from "@/lib/incidents/queries";
import { createIncident } from "@/lib/incidents/service";
import { listPageIncidentsSince } from "@/lib/public-page/queries";
import { createService } from "@/lib/services/service";
import { makePage, openIncident } from "./fixtures";

const DAY = 86_400_000;

describe(`a page's incidents since a time on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
  it("are its services' incidents open (however old) or resolved since then, and no other", async () => {
    const p = await makePage();
    const now = Date.now();
    const since = now - 91 * DAY;
    const at = (ms: number) => ({ description: "x", publicIncidentUpdateDate: ms });
    const hidden = await createService(p.db, p.accountId, { name: "Not on the page" });
    const name = async (n: string, serviceIds: string[], update: { description: string; publicIncidentUpdateDate: number; status?: "RESOLVED" }) =>
      (await createIncident(p.db, p.accountId, { name: n, severity: "MINOR", serviceIds, update })).incident.id;
    const openOld = await name("Open for 200 days", [p.services.api.id], at(now - 200 * DAY));
    await name("Resolved 100 days ago", [p.services.api.id], { ...at(now - 100 * DAY), status: "RESOLVED" });
    const recent = await name("Resolved last week", [p.services.web.id, hidden.id], { ...at(now - 7 * DAY), status: "RESOLVED" });
    await name("Elsewhere only", [hidden.id], at(now - DAY));
    const q = await makePage();
    await openIncident(q.db, q.accountId, [q.services.api.id]);

    const { scope } = await loadPageStructure(p.db, p.page);
    const rows = await listPageIncidentsSince(p.db, p.page.account_id, scope, since);
    expect(rows.map((r) => r.id)).toEqual([recent, openOld]);
    expect(rows).toEqual(await listIncidentsForScope(p.db, scope, since));
  });
});
