import { describe, expect, it } from "vitest";
import { checksSchemaErrors } from "../../setup/checks-schemas";
import { expectError, STORE, tenant, type Tenant } from "../api/fixtures";
import { maxOffset } from "@/lib/checks/frequency";
import { decryptSecret } from "@/lib/secrets/encryption";

const api = (over: Record<string, unknown> = {}) => ({ name: "Homepage", request: { method: "GET", url: "http://127.0.0.1:9/health" }, ...over });

function valid(shape: string, body: unknown) {
  expect(checksSchemaErrors(shape, body), JSON.stringify(body)).toEqual([]);
}

async function checkRows(t: Tenant) {
  const n = async (table: "checks" | "check_tags" | "check_variables" | "automation_rules") =>
    Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).where("account_id", "=", t.accountId).executeTakeFirstOrThrow()).n);
  return { checks: await n("checks"), tags: await n("check_tags"), variables: await n("check_variables"), rules: await n("automation_rules") };
}

describe(`API checks through /v1/checks (${STORE})`, () => {
  it("creates with the vendor's defaults and a spread offset, reads it back in v1, v2 and v3, and deletes it", async () => {
    const t = await tenant();
    const res = await t.api.post("/v1/checks/api", api({ tags: ["web", "prod"], frequency: 5 }));
    expect(res.status, res.text).toBe(201);
    valid("CheckApi", res.body);
    valid("Check", res.body);
    const c = res.body;
    expect(c).toMatchObject({ name: "Homepage", checkType: "API", activated: true, muted: false, doubleCheck: true, shouldFail: false, frequency: 5, locations: [], tags: ["web", "prod"] });
    expect(c).toMatchObject({ degradedResponseTime: 5000, maxResponseTime: 20000, useGlobalAlertSettings: true, groupId: null, runtimeId: null, triggerIncident: null });
    expect(c.request).toMatchObject({ method: "GET", url: "http://127.0.0.1:9/health", followRedirects: true, skipSSL: false, ipFamily: "IPv4", bodyType: "NONE", headers: [], assertions: [] });
    expect(c.frequencyOffset).toBeGreaterThanOrEqual(1);
    expect(c.frequencyOffset).toBeLessThanOrEqual(maxOffset(5));
    const row = await t.db.selectFrom("checks").selectAll().where("id", "=", c.id).executeTakeFirstOrThrow();
    expect(Number(row.next_run_at)).toBeGreaterThan(Date.now() - 1000);
    expect(row.created_by_key_id).not.toBeNull();

    for (const [path, shape] of [["/v1/checks", "Check"], ["/v2/checks", "CheckV2"], ["/v3/checks", "CheckV3"]] as const) {
      const got = await t.api.get(`${path}/${c.id}`);
      expect(got.status, got.text).toBe(200);
      valid(shape, got.body);
      expect(got.body).toMatchObject({ id: c.id, name: "Homepage", frequencyOffset: c.frequencyOffset });
    }
    expect((await t.api.get(`/v2/checks/${c.id}`)).body).not.toHaveProperty("logicalId");

    expect((await t.api.delete(`/v1/checks/${c.id}`)).status).toBe(204);
    expectError(await t.api.get(`/v1/checks/${c.id}`), 404);
    expectError(await t.api.delete(`/v1/checks/${c.id}`), 404);
    expect(await checkRows(t)).toMatchObject({ checks: 0, tags: 0 });
  });

  it("keeps another account's checks out of reach", async () => {
    const a = await tenant();
    const b = await tenant();
    const c = (await a.api.post("/v1/checks/api", api())).body;
    expectError(await b.api.get(`/v1/checks/${c.id}`), 404);
    expectError(await b.api.put(`/v1/checks/api/${c.id}`, { name: "Mine" }), 404);
    expectError(await b.api.delete(`/v1/checks/${c.id}`), 404);
    expect((await b.api.get("/v1/checks")).body).toEqual([]);
  });

  it("lists a page at a time with Content-Range, filtering by tag (three spellings), type, name and URL", async () => {
    const t = await tenant();
    const made = [];
    for (let i = 0; i < 5; i++) made.push((await t.api.post("/v1/checks/api", api({ name: `Check ${i}`, tags: [i % 2 ? "odd" : "even"], request: { method: "GET", url: `http://svc-${i}.internal/x` } }))).body);
    await t.api.post("/v1/checks/tcp", { name: "Database port", request: { hostname: "db.internal", port: 5432 }, tags: ["odd"] });

    const first = await t.api.get("/v1/checks?limit=2");
    expect(first.status, first.text).toBe(200);
    valid("ChecksList", first.body);
    expect(first.body.map((c: { name: string }) => c.name)).toEqual(["Check 0", "Check 1"]);
    expect(first.headers.get("content-range")).toBe("0-1/6");
    const third = await t.api.get("/v1/checks?limit=2&page=3");
    expect(third.headers.get("content-range")).toBe("4-5/6");
    expect((await t.api.get("/v1/checks?limit=2&page=9")).headers.get("content-range")).toBe("*/6");
    for (const v of [2, 3]) valid(v === 2 ? "CheckV2" : "CheckV3", (await t.api.get(`/v${v}/checks`)).body[0]);

    const names = async (q: string) => ((await t.api.get(`/v1/checks?${q}`)).body as { name: string }[]).map((c) => c.name).sort();
    expect(await names("tag=even")).toEqual(["Check 0", "Check 2", "Check 4"]);
    expect(await names("tag=even&tag=odd&limit=100")).toHaveLength(6);
    expect(await names("tag%5B%5D=odd&tag%5B%5D=nothing")).toEqual(["Check 1", "Check 3", "Database port"]);
    expect(await names("checkType=TCP")).toEqual(["Database port"]);
    expect(await names("search=check%203")).toEqual(["Check 3"]);
    expect(await names("search=%25")).toEqual([]);
    expect(await names("apiCheckUrlFilterPattern=SVC-4")).toEqual(["Check 4"]);
    expect(await names("apiCheckUrlFilterPattern=db.internal")).toEqual([]);
    expect(await names("status=passing&limit=100")).toHaveLength(6);
    expect(await names("status=failing")).toEqual([]);
    expectError(await t.api.get("/v1/checks?limit=101"), 400, "limit");
    expectError(await t.api.get("/v1/checks?checkType=BOGUS"), 400, "checkType");
    expectError(await t.api.get("/v1/checks?page=0"), 400, "page");
  });

  it("updates by merging, keeps the schedule in step and reassigns an offset the new frequency does not fit", async () => {
    const t = await tenant();
    const c = (await t.api.post("/v1/checks/api", api({ frequency: 60, frequencyOffset: 500, description: "front door" }))).body;
    expect(c.frequencyOffset).toBe(500);
    const slot = async () => (await t.db.selectFrom("checks").select("next_run_at").where("id", "=", c.id).executeTakeFirstOrThrow()).next_run_at;
    const before = await slot();
    const renamed = await t.api.put(`/v1/checks/api/${c.id}`, { name: "Front door" });
    expect(renamed.status, renamed.text).toBe(200);
    valid("CheckApi", renamed.body);
    expect(renamed.body).toMatchObject({ name: "Front door", description: "front door", frequency: 60, frequencyOffset: 500, request: { url: "http://127.0.0.1:9/health" } });
    expect(await slot()).toBe(before);

    const faster = (await t.api.put(`/v1/checks/api/${c.id}`, { frequency: 1 })).body;
    expect(faster.frequencyOffset).toBeLessThanOrEqual(maxOffset(1));
    expect(Number(await slot())).toBeLessThanOrEqual(Date.now() + 60_000);
    const off = (await t.api.put(`/v1/checks/api/${c.id}`, { activated: false })).body;
    expect(off.activated).toBe(false);
    expect(await slot()).toBeNull();
    expect((await t.api.put(`/v1/checks/api/${c.id}`, { activated: true, frequency: 0, frequencyOffset: 20 })).body).toMatchObject({ frequency: 0, frequencyOffset: 20 });
    expect(await slot()).not.toBeNull();
    expectError(await t.api.put(`/v1/checks/url/${c.id}`, { name: "x" }), 404);
  });

  it("stores secret variables only encrypted and never answers their values", async () => {
    const t = await tenant();
    const res = await t.api.post("/v1/checks/api", api({ environmentVariables: [{ key: "TOKEN", value: "s3cr3t-value", secret: true }, { key: "PLAIN", value: "visible" }] }));
    expect(res.status, res.text).toBe(201);
    expect(res.text).not.toContain("s3cr3t-value");
    expect(res.body.environmentVariables).toEqual([{ key: "TOKEN", value: null, locked: false, secret: true }, { key: "PLAIN", value: "visible", locked: false, secret: false }]);
    const stored = await t.db.selectFrom("check_variables").selectAll().where("check_id", "=", res.body.id).where("key", "=", "TOKEN").executeTakeFirstOrThrow();
    expect(stored.value).toBeNull();
    expect(stored.value_encrypted).not.toContain("s3cr3t");
    expect(decryptSecret(stored.value_encrypted!)).toBe("s3cr3t-value");
    // Sent back as read (value null), the secret keeps its value and stays a secret.
    const again = await t.api.put(`/v1/checks/api/${res.body.id}`, { environmentVariables: [{ key: "TOKEN", value: null, secret: false }] });
    expect(again.body.environmentVariables).toEqual([{ key: "TOKEN", value: null, locked: false, secret: true }]);
    const kept = await t.db.selectFrom("check_variables").selectAll().where("check_id", "=", res.body.id).executeTakeFirstOrThrow();
    expect(decryptSecret(kept.value_encrypted!)).toBe("s3cr3t-value");
    expect((await t.api.get(`/v1/checks`)).text).not.toContain("s3cr3t-value");
  });

  it("mirrors triggerIncident into the check's automation rule, and removes it with the check", async () => {
    const t = await tenant();
    const service = (await t.api.post("/v1/status-pages/services", { name: "API" })).body;
    const trigger = { serviceId: service.id, severity: "MAJOR", name: "API down", description: "The API check fails", notifySubscribers: false };
    const c = (await t.api.post("/v1/checks/api", api({ triggerIncident: trigger }))).body;
    expect(c.triggerIncident).toEqual(trigger);
    const rule = () => t.db.selectFrom("automation_rules").selectAll().where("kind", "=", "CHECK").where("check_id", "=", c.id).executeTakeFirst();
    expect(await rule()).toMatchObject({ service_id: service.id, name: "API down", first_update: "The API check fails", notify_subscribers: 0 });
    await t.api.put(`/v1/checks/api/${c.id}`, { triggerIncident: { ...trigger, name: "API is down" } });
    expect(await rule()).toMatchObject({ name: "API is down" });
    await t.api.put(`/v1/checks/api/${c.id}`, { triggerIncident: null });
    expect(await rule()).toBeUndefined();
    await t.api.put(`/v1/checks/api/${c.id}`, { triggerIncident: trigger });
    expect((await t.api.delete(`/v1/checks/${c.id}`)).status).toBe(204);
    expect(await rule()).toBeUndefined();
  });

  it("refuses bad input with a 400 naming the field, writing nothing", async () => {
    const t = await tenant();
    const other = await tenant();
    const foreign = (await other.api.post("/v1/status-pages/services", { name: "Theirs" })).body;
    const before = await checkRows(t);
    const trigger = { serviceId: foreign.id, severity: "MAJOR", name: "x", description: "y", notifySubscribers: true };
    const cases: [Record<string, unknown>, string][] = [
      [{ request: undefined }, "request"],
      [{ name: "" }, "name"],
      [{ request: { method: "GET" } }, "request.url"],
      [{ frequency: 3 }, "frequency"],
      [{ frequency: 5, frequencyOffset: 51 }, "frequencyOffset"],
      [{ frequency: 0, frequencyOffset: 15 }, "frequencyOffset"],
      [{ locations: ["us-east-1"] }, "locations.0"],
      [{ locations: ["mars-1"] }, "locations.0"],
      [{ privateLocations: ["dc-1"] }, "privateLocations.0"],
      [{ groupId: 424242 }, "groupId"],
      [{ triggerIncident: trigger }, "triggerIncident.serviceId"],
      [{ description: "x".repeat(501) }, "description"],
      [{ degradedResponseTime: 45_001 }, "degradedResponseTime"],
      [{ degradedResponseTime: 3000, maxResponseTime: 2000 }, "maxResponseTime"],
      [{ runtimeId: "1999.01" }, "runtimeId"],
      [{ environmentVariables: Array.from({ length: 101 }, (_, i) => ({ key: `K${i}`, value: "v" })) }, "environmentVariables"],
      [{ environmentVariables: [{ key: "A", value: "1" }, { key: "A", value: "2" }] }, "environmentVariables"],
      [{ unknownField: 1 }, "unknownField"],
    ];
    for (const [over, field] of cases) expectError(await t.api.post("/v1/checks/api", api(over)), 400, field);
    expect(await checkRows(t)).toEqual(before);
    expect((await t.api.post("/v1/checks/api", api({ locations: ["eu-central-1"] }))).status).toBe(201);
  });
});
