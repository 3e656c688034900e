import { describe, expect, it } from "vitest";
import { checksSchemaErrors } from "../../setup/checks-schemas";
import { expectError, STORE, tenant } from "../api/fixtures";
import { effectiveCheck } from "@/lib/checks/effective";
import { findCheck } from "@/lib/checks/queries";

function valid(shape: string, body: unknown) {
  expect(checksSchemaErrors(shape, body), JSON.stringify(body)).toEqual([]);
}

describe(`check groups (${STORE})`, () => {
  it("creates, reads, lists and replaces a group in the vendor's shapes; FALLBACK is the default retry", async () => {
    const t = await tenant();
    const res = await t.api.post("/v2/check-groups", { name: "Backend", tags: ["api"], apiCheckDefaults: { url: "http://127.0.0.1:9/v1" }, environmentVariables: [{ key: "SECRET", value: "hunter2", secret: true }] });
    expect(res.status, res.text).toBe(201);
    valid("CheckGroupV2", res.body);
    expect(res.body).toMatchObject({ name: "Backend", activated: true, concurrency: 3, retryStrategy: "FALLBACK", runParallel: null, useGlobalAlertSettings: null, apiCheckDefaults: { url: "http://127.0.0.1:9/v1" } });
    expect(res.text).not.toContain("hunter2");
    const id = res.body.id as number;
    const got = await t.api.get(`/v1/check-groups/${id}`);
    valid("CheckGroupRead", got.body);
    await t.api.post("/v2/check-groups", { name: "Frontend", tags: ["web"] });
    const list = await t.api.get("/v1/check-groups?tag=api");
    valid("CheckGroupsList", list.body);
    expect(list.body.map((g: { name: string }) => g.name)).toEqual(["Backend"]);
    expect(list.headers.get("content-range")).toBe("0-0/1");
    expect(((await t.api.get("/v1/check-groups?name%5B%5D=Frontend&name%5B%5D=Backend")).body as unknown[]).length).toBe(2);
    const replaced = await t.api.put(`/v2/check-groups/${id}`, { name: "Backend v2", retryStrategy: { type: "FIXED", maxRetries: 2 }, locations: ["eu-central-1"] });
    expect(replaced.status, replaced.text).toBe(200);
    valid("CheckGroupV2", replaced.body);
    expect(replaced.body).toMatchObject({ name: "Backend v2", tags: [], retryStrategy: { type: "FIXED", maxRetries: 2 } });
    expectError(await t.api.post("/v2/check-groups", { name: "Far", locations: ["ap-south-1"] }), 400, "locations.0");
    expectError(await (await tenant()).api.get(`/v1/check-groups/${id}`), 404);
  });

  it("applies its settings to its checks: base URL, headers, variables, locations, retries; 409 on delete while it holds checks", async () => {
    const t = await tenant();
    const group = (
      await t.api.post("/v2/check-groups", {
        name: "Backend",
        tags: ["backend"],
        muted: true,
        apiCheckDefaults: { url: "http://127.0.0.1:9/v1", headers: [{ key: "X-Team", value: "core" }], assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: "200" }] },
        environmentVariables: [{ key: "TOKEN", value: "group-secret", secret: true }, { key: "ENV", value: "group" }],
        retryStrategy: { type: "LINEAR", maxRetries: 3, baseBackoffSeconds: 5 },
      })
    ).body;
    const check = await t.api.post("/v1/checks/api", {
      name: "Users",
      groupId: group.id,
      tags: ["users"],
      request: { method: "GET", url: "{{GROUP_BASE_URL}}/users?env={{ENV}}", headers: [{ key: "Authorization", value: "Bearer {{TOKEN}}" }] },
      environmentVariables: [{ key: "ENV", value: "check" }],
    });
    expect(check.status, check.text).toBe(201);
    const applied = await t.api.get(`/v1/checks/${check.body.id}?applyGroupSettings=true`);
    valid("Check", applied.body);
    expect(applied.body).toMatchObject({ muted: true, retryStrategy: { type: "LINEAR", maxRetries: 3 }, request: { url: "http://127.0.0.1:9/v1/users?env={{ENV}}" } });
    expect(applied.body.request.headers.map((h: { key: string }) => h.key)).toEqual(["X-Team", "Authorization"]);
    expect(applied.text).not.toContain("group-secret");
    expect((await t.api.get(`/v1/checks/${check.body.id}`)).body.request.url).toBe("{{GROUP_BASE_URL}}/users?env={{ENV}}");
    const inGroup = await t.api.get(`/v2/check-groups/${group.id}/checks`);
    valid("CheckGroupChecksList", inGroup.body);
    expect(inGroup.body[0]).toMatchObject({ id: check.body.id, muted: true });
    expect(inGroup.headers.get("content-range")).toBe("0-0/1");

    const eff = await effectiveCheck(t.db, (await findCheck(t.db, check.body.id))!);
    expect(eff.runnable).toMatchObject({ checkType: "API", request: { url: "http://127.0.0.1:9/v1/users?env=check" } });
    expect((eff.runnable!.request as { headers: { key: string; value: string }[] }).headers).toContainEqual({ key: "Authorization", value: "Bearer group-secret", locked: false });
    expect(eff).toMatchObject({ muted: true, locations: ["eu-central-1"], retryStrategy: { type: "LINEAR", maxRetries: 3, baseBackoffSeconds: 5 }, groupId: group.id });
    expect(eff.tags.sort()).toEqual(["backend", "users"]);
    expect(eff.alertSettings.runBasedEscalation.failedRunThreshold).toBe(1);

    const conflict = expectError(await t.api.delete(`/v1/check-groups/${group.id}`), 409);
    expect(conflict.attributes).toMatchObject({ checks: 1 });
    await t.api.put(`/v1/checks/api/${check.body.id}`, { groupId: null });
    expect((await t.api.delete(`/v1/check-groups/${group.id}`)).status).toBe(204);
    expectError(await t.api.get(`/v1/check-groups/${group.id}`), 404);
    const alone = await effectiveCheck(t.db, (await findCheck(t.db, check.body.id))!);
    expect(alone).toMatchObject({ muted: false, retryStrategy: { type: "SINGLE_RETRY", maxRetries: 1, baseBackoffSeconds: 0 } });
  });

  it("answers one check of the group with its settings applied on v1 and v2; 404 when the check is not in that group", async () => {
    const t = await tenant();
    const group = (await t.api.post("/v2/check-groups", { name: "Backend", muted: true, apiCheckDefaults: { url: "http://127.0.0.1:9/v1", headers: [{ key: "X-Team", value: "core" }] } })).body;
    const other = (await t.api.post("/v2/check-groups", { name: "Frontend" })).body;
    const body = (groupId: number | null) => ({ name: "Users", groupId, request: { method: "GET", url: "{{GROUP_BASE_URL}}/users" } });
    const check = (await t.api.post("/v1/checks/api", body(group.id))).body;
    const elsewhere = (await t.api.post("/v1/checks/api", body(other.id))).body;
    const alone = (await t.api.post("/v1/checks/api", body(null))).body;
    const listed = (await t.api.get(`/v1/check-groups/${group.id}/checks`)).body[0];
    for (const v of ["v1", "v2"]) {
      const res = await t.api.get(`/${v}/check-groups/${group.id}/checks/${check.id}`);
      expect(res.status, res.text).toBe(200);
      valid("CheckGroupCheck", res.body);
      valid("Check", res.body);
      expect(res.body).toMatchObject({ id: check.id, checkType: "API", groupId: group.id, muted: true, request: { url: "http://127.0.0.1:9/v1/users" } });
      expect(res.body.request.headers.map((h: { key: string }) => h.key)).toEqual(["X-Team"]);
      expect(res.body).toEqual(listed);
      for (const [groupId, checkId] of [[group.id, elsewhere.id], [group.id, alone.id], [other.id, check.id], [group.id, "0b0e6a36-3c4e-4bc5-9a3e-bb5a8a4f1c11"], [999_999, check.id]]) {
        expectError(await t.api.get(`/${v}/check-groups/${groupId}/checks/${checkId}`), 404);
      }
      expectError(await t.api.get(`/${v}/check-groups/${group.id}/checks/not-a-check`), 400, "checkId");
      expectError(await (await tenant()).api.get(`/${v}/check-groups/${group.id}/checks/${check.id}`), 404);
    }
  });
});
