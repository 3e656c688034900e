/**
 * GET /v2/check-results/{checkId} (cursor, filters, projection), GET /v1/check-results/{checkId}/{id} and
 * GET /v1/check-statuses[/{checkId}] over rows written as the scheduler writes them and statuses kept by
 * onFinalResult; every answer validated against the vendor's checks-responses.json.
 */
import { describe, expect, it } from "vitest";
import { onFinalResult } from "@/lib/alerting/final";
import { checksSchemaErrors } from "../../setup/checks-schemas";
import { expectError, tenant } from "../api/fixtures";
import { insertCheck, insertResult } from "../alerting/fixture";

const T0 = Date.parse("2026-11-20T10:00:00.000Z");
const MIN = 60_000;
const vendor = (name: string, body: unknown) => expect(checksSchemaErrors(name, body)).toEqual([]);

const API_DETAIL = {
  apiCheckResult: {
    assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", target: "200" }],
    request: { method: "GET", url: "http://127.0.0.1:1/health", data: "", headers: {}, params: {} },
    response: { status: 500, statusText: "Internal Server Error", body: "boom", headers: { "content-type": "text/plain" }, timings: null, timingPhases: { dns: 0, tcp: 1, firstByte: 3 } },
    requestError: null,
  },
};

async function world() {
  const t = await tenant();
  const check = await insertCheck(t.db, t.accountId, { name: "Health" });
  const rows = [];
  // 12 FINAL runs a minute apart: every third failing, one in another location, each with one ATTEMPT before it.
  for (let i = 0; i < 12; i++) {
    const at = T0 + i * MIN;
    const seq = crypto.randomUUID();
    await insertResult(t.db, check, { at: at - 1000, failed: true, resultType: "ATTEMPT", attempt: 0, sequenceId: seq });
    rows.push(await insertResult(t.db, check, { at, failed: i % 3 === 0, location: i === 5 ? "us-east-1" : "eu-central-1", attempt: 1, sequenceId: seq, detail: i % 3 === 0 ? API_DETAIL : {} }));
  }
  return { t, check, rows };
}

describe("check results", () => {
  it("pages FINAL results newest first with a cursor until nextId is null", async () => {
    const { t, check, rows } = await world();
    const seen: string[] = [];
    let nextId: string | null = null;
    do {
      const res = await t.api.get(`/v2/check-results/${check.row.id}?limit=5${nextId ? `&nextId=${encodeURIComponent(nextId)}` : ""}`);
      expect(res.status, res.text).toBe(200);
      vendor("CheckResultV2Paginated", res.body);
      const body = res.body as { length: number; entries: { id: string; resultType: string }[]; nextId: string | null };
      expect(body.length).toBe(body.entries.length);
      expect(body.entries.every((e) => e.resultType === "FINAL")).toBe(true);
      seen.push(...body.entries.map((e) => e.id));
      nextId = body.nextId;
    } while (nextId);
    expect(seen).toEqual(rows.map((r) => r.id).reverse());
  });

  it("filters by time (seconds or ISO), location, hasFailures, resultType, and projects fields", async () => {
    const { t, check, rows } = await world();
    const base = `/v2/check-results/${check.row.id}?limit=100`;
    const ids = async (q: string) => {
      const res = await t.api.get(`${base}&${q}`);
      expect(res.status, res.text).toBe(200);
      vendor("CheckResultV2Paginated", res.body);
      return (res.body as { entries: { id: string }[] }).entries.map((e) => e.id);
    };
    expect(await ids(`from=${(T0 + 2 * MIN) / 1000}&to=${(T0 + 4 * MIN) / 1000}`)).toEqual([rows[3].id, rows[2].id]);
    expect(await ids(`from=${new Date(T0 + 10 * MIN).toISOString()}`)).toEqual([rows[11].id, rows[10].id]);
    expect(await ids("location=us-east-1")).toEqual([rows[5].id]);
    expect(await ids("hasFailures=true")).toEqual([rows[9].id, rows[6].id, rows[3].id, rows[0].id]);
    expect(await ids("resultType=ATTEMPT")).toHaveLength(12);
    expect(await ids("resultType=ALL")).toHaveLength(24);
    expect(await ids("checkType=TCP")).toEqual([]);
    const projected = await t.api.get(`${base}&limit=1&fields=id,startedAt,createdAt`);
    vendor("CheckResultV2Paginated", projected.body);
    expect((projected.body as { entries: unknown[] }).entries).toEqual([{ id: rows[11].id, startedAt: new Date(T0 + 11 * MIN).toISOString(), createdAt: expect.any(String) }]);
  });

  it("answers 400 naming the field for bad input, 404 for another account's check", async () => {
    const { t, check } = await world();
    expectError(await t.api.get(`/v2/check-results/${check.row.id}?from=yesterday`), 400, "from");
    expectError(await t.api.get(`/v2/check-results/${check.row.id}?location=mars-1`), 400, "location");
    expectError(await t.api.get(`/v2/check-results/${check.row.id}?fields=id,password`), 400, "fields");
    expectError(await t.api.get(`/v2/check-results/${check.row.id}?limit=101`), 400, "limit");
    expectError(await t.api.get(`/v2/check-results/${check.row.id}?nextId=forged.cursor`), 400, "nextId");
    expectError(await t.api.get(`/v2/check-results/${check.row.id}?from=200&to=100`), 400, "from");
    expectError(await t.api.get("/v2/check-results/not-a-uuid"), 400, "checkId");
    const other = await tenant("Other");
    expectError(await other.api.get(`/v2/check-results/${check.row.id}`), 404);
    expectError(await other.api.get(`/v1/check-statuses/${check.row.id}`), 404);
  });

  it("the deprecated v1 list: page/limit in a 6-hour window, with Content-Range", async () => {
    const { t, check, rows } = await world();
    const base = `/v1/check-results/${check.row.id}?from=${T0 / 1000}&to=${(T0 + 6 * 3_600_000) / 1000}`;
    const first = await t.api.get(`${base}&limit=5`);
    expect(first.status, first.text).toBe(200);
    vendor("CheckResultV1List", first.body);
    expect((first.body as { id: string }[]).map((r) => r.id)).toEqual(rows.slice(7).map((r) => r.id).reverse());
    expect(first.headers.get("content-range")).toBe("0-4/12");
    const third = await t.api.get(`${base}&limit=5&page=3`);
    expect((third.body as unknown[]).length).toBe(2);
    expect(third.headers.get("content-range")).toBe("10-11/12");
    // The default window is the last 6 hours: these results are older.
    expect((await t.api.get(`/v1/check-results/${check.row.id}`)).body).toEqual([]);
    expectError(await t.api.get(`/v1/check-results/${check.row.id}?from=${T0 / 1000}&to=${(T0 + 7 * 3_600_000) / 1000}`), 400, "from");
    expectError(await t.api.get(`/v1/check-results/${check.row.id}?page=0`), 400, "page");
  });

  it("gets one result with its apiCheckResult", async () => {
    const { t, check, rows } = await world();
    const res = await t.api.get(`/v1/check-results/${check.row.id}/${rows[0].id}`);
    expect(res.status, res.text).toBe(200);
    vendor("CheckResult", res.body);
    expect(res.body).toMatchObject({ id: rows[0].id, name: "Health", checkId: check.row.id, hasFailures: true, resultType: "FINAL", attempts: 1, sequenceId: rows[0].sequence_id, apiCheckResult: API_DETAIL.apiCheckResult });
    expectError(await t.api.get(`/v1/check-results/${check.row.id}/${crypto.randomUUID()}`), 404);
  });
});

describe("check statuses", () => {
  it("lists every check with its latest status, following FINAL results", async () => {
    const t = await tenant();
    const a = await insertCheck(t.db, t.accountId, { name: "A" });
    const b = await insertCheck(t.db, t.accountId, { name: "B" });
    await onFinalResult(t.db, a, await insertResult(t.db, a, { at: T0, responseTime: 300 }));
    await onFinalResult(t.db, a, await insertResult(t.db, a, { at: T0 + MIN, failed: true, responseTime: 50, location: "us-east-1" }));
    const list = await t.api.get("/v1/check-statuses");
    expect(list.status, list.text).toBe(200);
    vendor("CheckStatusList", list.body);
    // Both checks were made in the same millisecond: their order is by id, so the list is compared as a set.
    expect(list.body).toHaveLength(2);
    expect(list.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "A", checkId: a.row.id, hasFailures: true, hasErrors: false, isDegraded: false, longestRun: 300, shortestRun: 50, lastRunLocation: "us-east-1" }),
        expect.objectContaining({ name: "B", checkId: b.row.id, hasFailures: false, longestRun: null, lastRunLocation: null, updated_at: null }),
      ]),
    );
    const one = await t.api.get(`/v1/check-statuses/${a.row.id}`);
    vendor("CheckStatus", one.body);
    expect(one.body).toMatchObject({ checkId: a.row.id, hasFailures: true, lastCheckRunId: expect.any(String) });
    await onFinalResult(t.db, a, await insertResult(t.db, a, { at: T0 + 2 * MIN, degraded: true }));
    expect((await t.api.get(`/v1/check-statuses/${a.row.id}`)).body).toMatchObject({ hasFailures: false, isDegraded: true });
  });
});
