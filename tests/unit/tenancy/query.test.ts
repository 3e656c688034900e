import { describe, expect, it } from "vitest";
import { strayQueryRedirect } from "@/lib/tenancy/query";

const q = (s: string) => new URLSearchParams(s);

describe("page URLs with parameters the page never reads", () => {
  it("are left alone when every parameter is read", () => {
    expect(strayQueryRedirect("page", q(""))).toBeNull();
    expect(strayQueryRedirect("history", q("page=2"))).toBeNull();
    expect(strayQueryRedirect("page", q("denied=1"))).toBeNull();
    expect(strayQueryRedirect("incident", q("_rsc=abc"))).toBeNull();
  });

  it("lose the rest, keeping what the route reads", () => {
    expect(strayQueryRedirect("page", q("x=123"))).toBe("");
    expect(strayQueryRedirect("page", q("utm_source=mail&denied=1"))).toBe("?denied=1");
    expect(strayQueryRedirect("history", q("page=3&r=9"))).toBe("?page=3");
    expect(strayQueryRedirect("incident", q("page=3"))).toBe("");
  });

  it("never touch routes that read their own parameters (feeds, badges, forms)", () => {
    expect(strayQueryRedirect("other", q("style=flat&label=x"))).toBeNull();
  });
});
