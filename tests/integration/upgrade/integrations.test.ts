/**
 * Migration 010 (alert integrations) on a database written by release 0.1: the two tables arrive empty, and
 * the release's account can create an integration on its release page and feed it alerts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { releaseFixtureIds, upgradedFromRelease } from "@/tests/setup/release-fixture";
import { CreatedIntegration, IngestAnswer, IntegrationEventPage } from "@/lib/integrations/schema";
import type { Db } from "@/lib/db";
import { client } from "../api/client";
import { expectShape } from "../api/fixtures";
import { amAlert, amBody, ingest } from "../integrations/helpers";

const ids = releaseFixtureIds();
let db: Db;

beforeAll(async () => {
  db = await upgradedFromRelease();
});

describe("alert integrations after the upgrade from release 0.1", () => {
  it("adds the tables empty", async () => {
    expect(await db.selectFrom("integrations").selectAll().execute()).toEqual([]);
    expect(await db.selectFrom("integration_events").selectAll().execute()).toEqual([]);
  });

  it("creates an integration on a release page and records its alerts", async () => {
    const api = client(ids.apiKey);
    const page = (await api.get("/v1/status-pages")).body.entries[0];
    const created = expectShape(await api.post("/v1/integrations", { name: "Prometheus", type: "alertmanager", statusPageId: page.id }), 201, CreatedIntegration);
    const res = expectShape(await ingest(created.id, amBody([amAlert({ labels: { alertname: "Nothing", component: "none" } })]), { token: created.token }), 202, IngestAnswer);
    expect(res.decisions).toMatchObject([{ outcome: "ignored" }]);
    const log = expectShape(await api.get(`/v1/integrations/${created.id}/events`), 200, IntegrationEventPage);
    expect(log.entries).toHaveLength(1);
  });
});
