/**
 * A SERVICE that an open incident impacts cannot become a GROUP (a group has no impact of its own, so the outage
 * would vanish from every public surface while the incident is open): 400 naming `type`, as the reverse change is.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import * as summaryJson from "@/app/(status)/[site]/api/v2/summary.json/route";
import { apiKeyActor } from "@/lib/actors";
import { lockPageForComponents } from "@/lib/components/queries";
import { Component } from "@/lib/components/schema";
import { findIncidentById } from "@/lib/incidents/queries";
import { raiseImpacts } from "@/lib/incidents/writer";
import { IncidentV3 } from "@/lib/incidents/v3-schema";
import { expectError, expectShape, slug, STORE, tenant, type Tenant } from "../api/fixtures";

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Each component's status as the page's summary JSON tells visitors. */
async function componentStatuses(url: string): Promise<Record<string, string>> {
  const res = await (summaryJson.GET as Handler)(new Request(`http://localhost:3000/${url}/api/v2/summary.json`), { params: Promise.resolve({ site: url }) });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { components: { name: string; status: string }[] };
  return Object.fromEntries(body.components.map((c) => [c.name, c.status]));
}

async function setup(t: Tenant) {
  const url = slug("type-impact");
  const page = await t.api.post("/v3/status-pages", { name: "Types", url });
  expect(page.status, page.text).toBe(201);
  const base = `/v3/status-pages/${page.body.id}`;
  const component = async (name: string, displayOrder: number) => expectShape(await t.api.post(`${base}/components`, { name, displayOrder }), 201, Component);
  return { url, components: `${base}/components`, incidents: `${base}/incidents`, api: await component("API", 1), web: await component("Web", 2) };
}

describe(`a SERVICE with an open impact cannot become a GROUP (${STORE})`, () => {
  it("refuses the change with a 400 naming type while the impact is open; the outage stays on the page", async () => {
    const t = await tenant();
    const s = await setup(t);
    const inc = expectShape(
      await t.api.post(s.incidents, {
        name: "API down",
        componentImpacts: [{ componentId: s.api.id, status: "MAJOR_OUTAGE" }],
        incidentUpdates: [{ description: "Investigating", status: "INVESTIGATING" }],
      }),
      201,
      IncidentV3,
    );
    expect(await componentStatuses(s.url)).toEqual({ API: "major_outage", Web: "operational" });

    const res = await t.api.put(`${s.components}/${s.api.id}`, { type: "GROUP", name: "API", displayOrder: 1 });
    const body = expectError(res, 400, "type");
    expect(body.message).toContain("open");
    expect(expectShape(await t.api.get(`${s.components}/${s.api.id}`), 200, Component)).toEqual(s.api);
    expect(await componentStatuses(s.url)).toEqual({ API: "major_outage", Web: "operational" });

    // A component the incident never impacted changes type as before.
    expect(expectShape(await t.api.put(`${s.components}/${s.web.id}`, { type: "GROUP", name: "Web", displayOrder: 2 }), 200, Component).type).toBe("GROUP");

    // Once the impact has ended (the incident reconciled to operational), the change is taken.
    expect((await t.api.put(`${s.incidents}/${inc.id}`, { name: "API down", componentImpacts: [] })).status).toBe(200);
    expect(expectShape(await t.api.put(`${s.components}/${s.api.id}`, { type: "GROUP", name: "API", displayOrder: 1 }), 200, Component).type).toBe("GROUP");
  });

  it("counts a window stored with an end still to come as open, until the resolution ends it", async () => {
    const t = await tenant();
    const s = await setup(t);
    const inc = expectShape(
      await t.api.post(s.incidents, { name: "API slow", componentImpacts: [{ componentId: s.api.id, status: "DEGRADED_PERFORMANCE" }], incidentUpdates: [{ description: "Slow", status: "INVESTIGATING" }] }),
      201,
      IncidentV3,
    );
    // As an older release could have stored it: an end years ahead, which the page shows as an outage until then.
    await t.db.updateTable("incident_impacts").set({ ended_at: Date.now() + 3 * 365 * 24 * 3_600_000 }).where("incident_id", "=", inc.id).execute();
    expectError(await t.api.put(`${s.components}/${s.api.id}`, { type: "GROUP", name: "API", displayOrder: 1 }), 400, "type");
    expect((await t.api.post(`${s.incidents}/${inc.id}/incident-updates`, { description: "Fixed", status: "RESOLVED" })).status).toBe(201);
    expect(expectShape(await t.api.put(`${s.components}/${s.api.id}`, { type: "GROUP", name: "API", displayOrder: 1 }), 200, Component).type).toBe("GROUP");
  });

  // SQLite write transactions are serial (BEGIN IMMEDIATE): the interleavings exist only on PostgreSQL.
  it.runIf(STORE === "postgres")("an impact and a type change written at once: whichever commits second sees the other", async () => {
    const t = await tenant();
    const s = await setup(t);
    const inc = expectShape(
      await t.api.post(s.incidents, { name: "Web down", componentImpacts: [{ componentId: s.web.id, status: "MAJOR_OUTAGE" }], incidentUpdates: [{ description: "Down", status: "INVESTIGATING" }] }),
      201,
      IncidentV3,
    );
    const key = await t.db.selectFrom("api_keys").select("id").where("account_id", "=", t.accountId).executeTakeFirstOrThrow();
    const row = (await findIncidentById(t.db, inc.id))!;
    const raise = (trx: typeof t.db) => raiseImpacts({ trx, pages: [] }, row, [{ componentId: s.api.id, status: "PARTIAL_OUTAGE" }], apiKeyActor(key));

    /** Runs `first` in a transaction held open until `second` waits on a lock, then commits it; `second`'s outcome. */
    async function interleave<T>(first: (trx: typeof t.db) => Promise<unknown>, second: () => Promise<T>): Promise<T> {
      let release!: () => void;
      let started!: () => void;
      const held = new Promise<void>((r) => (release = r));
      const isStarted = new Promise<void>((r) => (started = r));
      const holder = t.db.transaction().execute(async (trx) => {
        await first(trx);
        started();
        await held;
      });
      await isStarted;
      const outcome = second().then((value) => ({ value }), (error: unknown) => ({ error }));
      try {
        for (let i = 0; ; i++) {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and (query like '%"components"%' or query like '%"status_pages"%')`.execute(t.db);
          if (rows[0].n > 0) break;
          if (i > 300) throw new Error("the second write never waited for the first");
          await new Promise((r) => setTimeout(r, 10));
        }
      } finally {
        release();
        await holder;
      }
      const r = await outcome;
      if ("error" in r) throw r.error;
      return r.value;
    }

    // The type change first, held open as updateComponent holds it: the impact, once it commits, reads GROUP and is refused.
    const changeType = async (trx: typeof t.db) => {
      expect(await lockPageForComponents(trx, inc.statusPageId)).toBe(true);
      await trx.updateTable("components").set({ type: "GROUP" }).where("id", "=", s.api.id).execute();
    };
    await expect(interleave(changeType, () => t.db.transaction().execute(raise))).rejects.toMatchObject({
      name: "ValidationError",
      attributes: { fields: ["componentImpacts.0.componentId"] },
    });
    expect(await t.db.selectFrom("incident_impacts").select("id").where("component_id", "=", s.api.id).execute()).toEqual([]);
    await t.db.updateTable("components").set({ type: "SERVICE" }).where("id", "=", s.api.id).execute();

    // The impact first (held open): the type change, once it commits, sees it and is refused.
    expectError(await interleave(raise, () => t.api.put(`${s.components}/${s.api.id}`, { type: "GROUP", name: "API", displayOrder: 1 })), 400, "type");
    expect(await componentStatuses(s.url)).toEqual({ API: "partial_outage", Web: "major_outage" });
  });
});
