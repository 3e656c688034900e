import { describe, expect, it } from "vitest";
import { GET as unknownGet } from "@/app/v1/[[...path]]/route";
import { routeFiles } from "../api/client";
import { expectError, STORE, tenant } from "../api/fixtures";

const trigger = (serviceId: string) => ({ serviceId, name: "Checkout down", description: "The outside tool sees checkout failing." });

describe(`triggers of checks an outside tool runs (${STORE})`, () => {
  it("live under the account's checkly integrations, one per check id account-wide", async () => {
    const t = await tenant();
    const svc = (await t.api.post("/v1/status-pages/services", { name: "Checkout" })).body as { id: string };
    const [one, two] = await Promise.all(["One", "Two"].map(async (name) => (await t.api.post("/v1/integrations", { name, type: "checkly" })).body as { id: string }));
    const put = await t.api.put(`/v1/integrations/${one.id}/checks/chk-7/trigger-incident`, trigger(svc.id));
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ checkId: "chk-7", serviceId: svc.id });
    const viaOther = await t.api.get(`/v1/integrations/${two.id}/checks/chk-7/trigger-incident`);
    expect(viaOther.body).toEqual(put.body);
    const rules = await t.db.selectFrom("automation_rules").select(["kind", "check_id"]).where("account_id", "=", t.accountId).execute();
    expect(rules).toEqual([{ kind: "CHECK", check_id: "chk-7" }]);
    expect((await t.api.delete(`/v1/integrations/${two.id}/checks/chk-7/trigger-incident`)).status).toBe(204);
    expectError(await t.api.get(`/v1/integrations/${one.id}/checks/chk-7/trigger-incident`), 404);
  });

  it("refuse another format's integration (400), another account's or a missing one (404), writing nothing", async () => {
    const t = await tenant();
    const other = await tenant("Other");
    const svc = (await t.api.post("/v1/status-pages/services", { name: "Checkout" })).body as { id: string };
    const grafana = (await t.api.post("/v1/integrations", { name: "Grafana", type: "grafana" })).body as { id: string };
    const foreign = (await other.api.post("/v1/integrations", { name: "Theirs", type: "checkly" })).body as { id: string };
    const path = (id: string) => `/v1/integrations/${id}/checks/chk-8/trigger-incident`;
    for (const send of [() => t.api.put(path(grafana.id), trigger(svc.id)), () => t.api.get(path(grafana.id)), () => t.api.delete(path(grafana.id))]) {
      expect(expectError(await send(), 400, "id").message).toContain("grafana");
    }
    for (const id of [foreign.id, "0b0e6a36-3c4e-4bc5-9a3e-bb5a8a4f1c11"]) {
      expectError(await t.api.put(path(id), trigger(svc.id)), 404);
      expectError(await t.api.get(path(id)), 404);
      expectError(await t.api.delete(path(id)), 404);
    }
    expectError(await t.api.put(path("not-an-id"), trigger(svc.id)), 400, "id");
    expect(await t.db.selectFrom("automation_rules").select("id").where("account_id", "=", t.accountId).execute()).toEqual([]);
  });

  it("are gone from /v1/checks/{id}/trigger-incident, which answers the 404 envelope", async () => {
    const t = await tenant();
    expect(routeFiles().filter((r) => r.openApiPath.endsWith("/trigger-incident")).map((r) => r.openApiPath)).toEqual(["/v1/integrations/{id}/checks/{checkId}/trigger-incident"]);
    const path = ["checks", "chk-7", "trigger-incident"];
    for (const method of ["GET", "PUT", "DELETE"]) {
      const res = await unknownGet(new Request(`http://localhost/v1/${path.join("/")}`, { method, headers: { authorization: `Bearer ${t.apiKey}` } }), { params: Promise.resolve({ path }) });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ statusCode: 404, error: "Not Found" });
    }
  });
});
