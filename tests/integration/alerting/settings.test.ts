/**
 * The account's default alert settings: shown in GET /v1/accounts/me (the vendor's Account), replaced by
 * PUT /v1/accounts/me/alert-settings, and followed by a check with useGlobalAlertSettings from its next FINAL on.
 */
import { describe, expect, it } from "vitest";
import { onFinalResult } from "@/lib/alerting/final";
import { effectiveCheck } from "@/lib/checks/effective";
import { checksSchemaErrors } from "../../setup/checks-schemas";
import { expectError, tenant } from "../api/fixtures";
import { insertResult } from "./fixture";

const DEFAULTS = {
  escalationType: "RUN_BASED",
  runBasedEscalation: { failedRunThreshold: 1 },
  timeBasedEscalation: { minutesFailingThreshold: 5 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
};

describe("account alert settings", () => {
  it("shows the vendor's defaults until replaced; a PUT replaces them whole", async () => {
    const t = await tenant();
    const me = await t.api.get("/v1/accounts/me");
    expect(me.status, me.text).toBe(200);
    // addons is an array on the status-page side's Account and an object on the monitoring side's: not alerting's to settle.
    expect(checksSchemaErrors("Account", me.body).filter((e) => !e.startsWith("/addons"))).toEqual([]);
    expect(me.body).toMatchObject({ id: t.accountId, alertSettings: DEFAULTS });

    const put = await t.api.put("/v1/accounts/me/alert-settings", { escalationType: "TIME_BASED", timeBasedEscalation: { minutesFailingThreshold: 10 } });
    expect(put.status, put.text).toBe(200);
    const changed = { ...DEFAULTS, escalationType: "TIME_BASED", timeBasedEscalation: { minutesFailingThreshold: 10 } };
    expect(put.body).toEqual(changed);
    expect((await t.api.get("/v1/accounts/me")).body).toMatchObject({ alertSettings: changed });
    expect((await t.api.get("/v1/accounts/me/alert-settings")).body).toEqual(changed);
    expect((await t.api.get("/v1/accounts")).body).toMatchObject([{ alertSettings: changed }]);

    // Replaced whole: what is left out goes back to the defaults.
    expect((await t.api.put("/v1/accounts/me/alert-settings", { runBasedEscalation: { failedRunThreshold: 3 } })).body).toEqual({ ...DEFAULTS, runBasedEscalation: { failedRunThreshold: 3 } });
  });

  it("refuses bad input with a 400 naming the field, and writes nothing", async () => {
    const t = await tenant();
    await t.api.put("/v1/accounts/me/alert-settings", { runBasedEscalation: { failedRunThreshold: 2 } });
    expectError(await t.api.put("/v1/accounts/me/alert-settings", { runBasedEscalation: { failedRunThreshold: 9 } }), 400, "runBasedEscalation.failedRunThreshold");
    expectError(await t.api.put("/v1/accounts/me/alert-settings", { escalationType: "SOMETIMES" }), 400, "escalationType");
    expectError(await t.api.put("/v1/accounts/me/alert-settings", { surprise: true }), 400);
    expect((await t.api.get("/v1/accounts/me/alert-settings")).body).toMatchObject({ runBasedEscalation: { failedRunThreshold: 2 } });
  });

  it("a check using the global settings escalates by the account's threshold", async () => {
    const t = await tenant();
    expect((await t.api.put("/v1/accounts/me/alert-settings", { runBasedEscalation: { failedRunThreshold: 2 } })).status).toBe(200);
    const created = await t.api.post("/v1/checks/api", { name: "Global", useGlobalAlertSettings: true, request: { method: "GET", url: "http://127.0.0.1:9/" } });
    expect(created.status, created.text).toBe(201);
    const row = await t.db.selectFrom("checks").selectAll().where("id", "=", (created.body as { id: string }).id).executeTakeFirstOrThrow();
    const check = await effectiveCheck(t.db, row);
    expect(check.alertSettings.runBasedEscalation.failedRunThreshold).toBe(2);
    const at = Date.now();
    await onFinalResult(t.db, check, await insertResult(t.db, check, { at, failed: true }));
    expect((await t.db.selectFrom("check_statuses").select("alert_state").where("check_id", "=", row.id).executeTakeFirstOrThrow()).alert_state).toBe("PASSING");
    await onFinalResult(t.db, check, await insertResult(t.db, check, { at: at + 60_000, failed: true }));
    expect((await t.db.selectFrom("check_statuses").select("alert_state").where("check_id", "=", row.id).executeTakeFirstOrThrow()).alert_state).toBe("FAILING");
  });
});
