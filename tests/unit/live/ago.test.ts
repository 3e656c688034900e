import { describe, expect, it } from "vitest";
import { ago } from "@/components/live/live-refresh-client";

describe("updated x ago", () => {
  it.each([
    [0, "just now"],
    [4_499, "just now"],
    [12_000, "12 seconds ago"],
    [60_000, "1 minute ago"],
    [150_000, "2 minutes ago"],
    [3_600_000, "1 hour ago"],
    [7_200_000, "2 hours ago"],
    [-5_000, "just now"],
  ])("%i ms → %s", (ms, text) => {
    expect(ago(ms)).toBe(text);
  });
});
