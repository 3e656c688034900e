import { describe, expect, it } from "vitest";
import { pageBannerText, statusLabel } from "../../../lib/status";

describe("statusLabel", () => {
  it.each([
    ["OPERATIONAL", "Operational"],
    ["DEGRADED_PERFORMANCE", "Degraded performance"],
    ["PARTIAL_OUTAGE", "Partial outage"],
    ["MAJOR_OUTAGE", "Major outage"],
    ["UNDER_MAINTENANCE", "Under maintenance"],
  ] as const)("labels %s as %j", (status, label) => {
    expect(statusLabel(status)).toBe(label);
  });
});

describe("pageBannerText", () => {
  it.each([
    ["OPERATIONAL", "All systems operational"],
    ["DEGRADED_PERFORMANCE", "Degraded performance"],
    ["PARTIAL_OUTAGE", "Partial outage"],
    ["MAJOR_OUTAGE", "Major outage"],
    ["UNDER_MAINTENANCE", "Under maintenance"],
  ] as const)("shows %s as %j", (status, text) => {
    expect(pageBannerText(status)).toBe(text);
  });
});
