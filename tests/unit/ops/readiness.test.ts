import { afterEach, describe, expect, it } from "vitest";
import { readiness } from "@/lib/ops/endpoints";
import { markBooted, probes, registerProbe } from "@/lib/ops/hooks";

afterEach(() => (probes() as Map<string, unknown>).clear());

describe("readiness", () => {
  it("is not ready before the app has booted", async () => {
    expect(await readiness(false)).toEqual({ ready: false, checks: { app: "starting" } });
  });

  it("names every failing check, with its reason", async () => {
    registerProbe("database", async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:5432\nstack…");
    });
    registerProbe("migrations", async () => {});
    markBooted();
    expect(await readiness()).toEqual({ ready: false, checks: { app: "ok", database: "connect ECONNREFUSED 127.0.0.1:5432", migrations: "ok" } });
  });

  it("is ready when every probe passes", async () => {
    registerProbe("database", async () => {});
    registerProbe("redis", async () => {});
    expect(await readiness(true)).toEqual({ ready: true, checks: { app: "ok", database: "ok", redis: "ok" } });
  });
});
