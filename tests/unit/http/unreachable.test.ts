import { describe, expect, it, vi } from "vitest";
import { isDatabaseUnreachable } from "@/lib/db/unreachable";
import { errorToResponse } from "@/lib/http/errors";
import { log } from "@/lib/log";

const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("database unreachable errors", () => {
  const unreachable: [string, unknown][] = [
    ["refused", coded("ECONNREFUSED")],
    ["reset", coded("ECONNRESET")],
    ["timed out", coded("ETIMEDOUT")],
    ["broken pipe", coded("EPIPE")],
    ["PostgreSQL shutting down", coded("57P01")],
    ["PostgreSQL crashed", coded("57P02")],
    ["connection failure (SQLSTATE 08006)", coded("08006")],
    ["statement timeout", coded("57014")],
    ["SQLite busy", coded("SQLITE_BUSY")],
    ["SQLite busy snapshot", coded("SQLITE_BUSY_SNAPSHOT")],
    ["SQLite cannot open", coded("SQLITE_CANTOPEN")],
    ["cut mid-query", new Error("Connection terminated unexpectedly")],
    ["connect timeout", new Error("Connection terminated due to connection timeout")],
    ["pool wait timeout", new Error("timeout exceeded when trying to connect")],
    ["pool ended", new Error("Cannot use a pool after calling end on the pool")],
    ["broken client", new Error("Client has encountered a connection error and is not queryable")],
    ["kysely destroyed", new Error("driver has already been destroyed")],
    ["wrapped", new Error("query failed", { cause: coded("ECONNRESET") })],
    ["both addresses refused", Object.assign(new AggregateError([coded("ECONNREFUSED"), coded("ECONNREFUSED")]), {})],
  ];
  it.each(unreachable)("%s → 503 with Retry-After", async (_name, err) => {
    expect(isDatabaseUnreachable(err)).toBe(true);
    vi.spyOn(log, "error").mockImplementation(() => undefined);
    const res = errorToResponse(err, { requestId: "r", method: "GET", path: "/v1/x" });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await res.json()).toMatchObject({ statusCode: 503, error: "Service Unavailable" });
  });

  it("other driver errors are not outages", () => {
    for (const err of [coded("23505"), coded("22P02"), coded("SQLITE_CONSTRAINT"), new TypeError("x is undefined"), null, "ECONNREFUSED"]) expect(isDatabaseUnreachable(err)).toBe(false);
  });
});
