import { describe, expect, it } from "vitest";
import { safeNext } from "@/lib/access/form";

describe("where the unlock form may send the visitor back to", () => {
  it("keeps paths and queries below the page", () => {
    for (const ok of ["", "?page=2", "/history", "/incidents/7c0e?x=1", "/history?page=3"]) expect(safeNext(ok)).toBe(ok);
  });

  it("refuses anything that could leave the page once the URL is normalized", () => {
    const hostile = [
      "//evil.com", "/..//evil.com", "/../evil", "/./x", "/%2e%2e//evil.com", "/%2E%2E/x", "/incidents/../..//evil.com",
      "/a//b", "https://evil.com", "\\\\evil.com", "/\\evil.com", "/ x", "evil.com", 42, null,
    ];
    for (const bad of hostile) expect(safeNext(bad), String(bad)).toBe("");
  });
});
