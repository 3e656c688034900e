/**
 * The server process's node flags and environment defaults (scripts/server-process.mjs) are shared by
 * `npm start` and the harness; what the operator set must win over them.
 */
import { describe, expect, it } from "vitest";
import { serverEnv, serverNodeArgs } from "@/scripts/server-process.mjs";

describe("serverNodeArgs", () => {
  it("caps the young generation by default", () => {
    expect(serverNodeArgs({})).toEqual(["--max-semi-space-size=4"]);
  });

  it("leaves the flag out when NODE_OPTIONS sets it, in either spelling", () => {
    expect(serverNodeArgs({ NODE_OPTIONS: "--max-semi-space-size=32" })).toEqual([]);
    expect(serverNodeArgs({ NODE_OPTIONS: "--enable-source-maps  --max_semi_space_size=32" })).toEqual([]);
    expect(serverNodeArgs({ NODE_OPTIONS: "--enable-source-maps" })).toEqual(["--max-semi-space-size=4"]);
  });

  it("passes node's own command-line flags on after the defaults, replacing a default they set", () => {
    expect(serverNodeArgs({}, ["--enable-source-maps"])).toEqual(["--max-semi-space-size=4", "--enable-source-maps"]);
    expect(serverNodeArgs({}, ["--max-semi-space-size=2"])).toEqual(["--max-semi-space-size=2"]);
  });
});

describe("serverEnv", () => {
  it("adds MALLOC_ARENA_MAX=2 and keeps everything else", () => {
    expect(serverEnv({ PORT: "4000" })).toEqual({ PORT: "4000", MALLOC_ARENA_MAX: "2" });
  });

  it("keeps the operator's MALLOC_ARENA_MAX, even an empty one", () => {
    expect(serverEnv({ MALLOC_ARENA_MAX: "4" }).MALLOC_ARENA_MAX).toBe("4");
    expect(serverEnv({ MALLOC_ARENA_MAX: "" }).MALLOC_ARENA_MAX).toBe("");
  });
});
