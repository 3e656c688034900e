import { describe, expect, it } from "vitest";
import { escapeHtml } from "@/lib/text/escape";

describe("escapeHtml", () => {
  it.each([
    ["plain text", "plain text"],
    ["a & b", "a &amp; b"],
    ["<script>", "&lt;script&gt;"],
    [`say "hi"`, "say &quot;hi&quot;"],
    ["it's", "it&#39;s"],
    ["&amp;", "&amp;amp;"],
    [`" onmouseover='x'`, "&quot; onmouseover=&#39;x&#39;"],
    ["", ""],
    ["ünïcödé 🌞", "ünïcödé 🌞"],
  ])("%j → %j", (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});
