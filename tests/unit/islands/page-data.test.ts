import { describe, expect, it } from "vitest";
import { scriptJson } from "@/components/islands/page-data";

describe("scriptJson (the islands' data inside <script type=application/json>)", () => {
  it("cannot end or bend its element, and parses back to the same value", () => {
    const value = { name: "</script><script>alert(1)</script>", comment: "<!-- x", lines: "a\u2028b\u2029c", quote: `"'&` };
    const text = scriptJson(value);
    expect(text).not.toMatch(/<|\u2028|\u2029/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
