/**
 * The integrations API: create (token shown once, stored hashed; the vendor's signing secret and template),
 * list and get (masked), rotate (the old token stops working), delete, and another account's ids as 404.
 */
import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { hashToken } from "@/lib/secrets/tokens";
import { CreatedIntegration, Integration, IntegrationEventPage, IntegrationPage } from "@/lib/integrations/schema";
import { expectError, expectShape, STORE, tenant } from "../api/fixtures";
import { amAlert, amBody, ingest } from "./helpers";

describe(`integrations API (${STORE})`, () => {
  it("creates one with its token shown once and only its hash stored; lists and gets it masked", async () => {
    const t = await tenant();
    const c = expectShape(await t.api.post("/v1/integrations", { name: "Prometheus", type: "alertmanager", staleAfterMinutes: 30 }), 201, CreatedIntegration);
    expect(c).toMatchObject({ name: "Prometheus", type: "alertmanager", statusPageId: null, matchLabel: "component", staleAfterMinutes: 30, alertEmail: null, lastHeardAt: null, stale: false });
    expect(c.token).toMatch(/^hgi_/);
    expect(c.ingestUrl).toBe(`${env.HELIOGRAPH_PUBLIC_URL.replace(/\/$/, "")}/ingest/${c.id}`);
    expect(c.secretUrl).toBe(`${c.ingestUrl}/${c.token}`);
    expect(c.signingSecret).toBeUndefined();
    const row = await t.db.selectFrom("integrations").selectAll().where("id", "=", c.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(hashToken(c.token));
    expect(JSON.stringify(row)).not.toContain(c.token);

    const one = expectShape(await t.api.get(`/v1/integrations/${c.id}`), 200, Integration);
    expect(one.maskedToken).toBe(c.maskedToken);
    expect(JSON.stringify(one)).not.toContain(c.token);
    const list = expectShape(await t.api.get("/v1/integrations"), 200, IntegrationPage);
    expect(list.entries.map((e) => e.id)).toEqual([c.id]);
    expect(JSON.stringify(list)).not.toContain(c.token);
  });

  it("gives the vendor's channel a signing secret and the body template to paste", async () => {
    const t = await tenant();
    const c = expectShape(await t.api.post("/v1/integrations", { name: "Checks", type: "checkly" }), 201, CreatedIntegration);
    expect(c.signingSecret).toMatch(/^hgs_/);
    expect(c.webhookTemplate).toContain("{{ALERT_TYPE}}");
    expect(c.webhookTemplate).toContain("{{CHECK_ID}}");
  });

  it("validates input: unknown type, another account's page, unknown fields", async () => {
    const t = await tenant();
    const other = await tenant("Other");
    const foreignPage = (await other.api.post("/v3/status-pages", { name: "Theirs", url: `theirs-${Date.now().toString(36)}` })).body;
    expectError(await t.api.post("/v1/integrations", { name: "x", type: "nagios" }), 400, "type");
    expectError(await t.api.post("/v1/integrations", { name: "x", type: "generic", statusPageId: foreignPage.id }), 404);
    expectError(await t.api.post("/v1/integrations", { name: "x", type: "generic", token: "mine" }), 400);
    expectError(await t.api.post("/v1/integrations", { name: "x", type: "generic", staleAfterMinutes: 0 }), 400, "staleAfterMinutes");
    expect(await t.db.selectFrom("integrations").selectAll().where("account_id", "=", t.accountId).execute()).toEqual([]);
  });

  it("goes with the page it is bound to, rather than widening to every page", async () => {
    const t = await tenant();
    const page = (await t.api.post("/v3/status-pages", { name: "Bound", url: `bound-${Date.now().toString(36)}` })).body;
    const c = (await t.api.post("/v1/integrations", { name: "AM", type: "alertmanager", statusPageId: page.id })).body;
    expect((await t.api.delete(`/v3/status-pages/${page.id}`)).status).toBe(204);
    expectError(await t.api.get(`/v1/integrations/${c.id}`), 404);
    expectError(await ingest(c.id, amBody([amAlert()]), { token: c.token }), 401);
  });

  it("rotates the token: the new one works, the old one is refused", async () => {
    const t = await tenant();
    const c = (await t.api.post("/v1/integrations", { name: "AM", type: "alertmanager" })).body;
    expect((await ingest(c.id, amBody([amAlert()]), { token: c.token })).status).toBe(202);
    const r = expectShape(await t.api.post(`/v1/integrations/${c.id}/rotate-token`), 200, CreatedIntegration);
    expect(r.token).not.toBe(c.token);
    expect(r.maskedToken).not.toBe(c.maskedToken);
    expectError(await ingest(c.id, amBody([amAlert({ fingerprint: "fp-2" })]), { token: c.token }), 401);
    expect((await ingest(c.id, amBody([amAlert({ fingerprint: "fp-2" })]), { token: r.token })).status).toBe(202);
  });

  it("deletes it with its events; its token stops working; another account sees 404 everywhere", async () => {
    const t = await tenant();
    const other = await tenant("Other");
    const c = (await t.api.post("/v1/integrations", { name: "AM", type: "alertmanager" })).body;
    await ingest(c.id, amBody([amAlert()]), { token: c.token });
    expectShape(await t.api.get(`/v1/integrations/${c.id}/events`), 200, IntegrationEventPage);
    for (const res of [
      await other.api.get(`/v1/integrations/${c.id}`),
      await other.api.get(`/v1/integrations/${c.id}/events`),
      await other.api.post(`/v1/integrations/${c.id}/rotate-token`),
      await other.api.delete(`/v1/integrations/${c.id}`),
    ])
      expectError(res, 404);
    expect((await t.api.delete(`/v1/integrations/${c.id}`)).status).toBe(204);
    expectError(await t.api.get(`/v1/integrations/${c.id}`), 404);
    expect(await t.db.selectFrom("integration_events").selectAll().where("integration_id", "=", c.id).execute()).toEqual([]);
    expectError((await ingest(c.id, amBody([amAlert()]), { token: c.token })), 401);
  });
});
