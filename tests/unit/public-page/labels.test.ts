import { describe, expect, it } from "vitest";
import { STATUS_ORDER } from "@/lib/status";
import { incidentStateLabel, pageBannerText, severityLabel, statusLabel, statusOrNoDataLabel } from "@/lib/status/labels";
import type { Severity } from "@/lib/status";

describe("one vocabulary for states", () => {
  it("names every status once, and a v1 severity by the status it causes", () => {
    const labels = STATUS_ORDER.map(statusLabel);
    expect(new Set(labels).size).toBe(STATUS_ORDER.length);
    const cases: [Severity, string][] = [["CRITICAL", "Major outage"], ["MAJOR", "Major outage"], ["MEDIUM", "Partial outage"], ["MINOR", "Degraded performance"]];
    for (const [sev, label] of cases) {
      expect(severityLabel(sev)).toBe(label);
      expect(labels).toContain(severityLabel(sev));
    }
  });
  it("the banner says the same words, but a whole page is 'All systems operational'", () => {
    for (const s of STATUS_ORDER) if (s !== "OPERATIONAL") expect(pageBannerText(s)).toBe(statusLabel(s));
    expect(pageBannerText("OPERATIONAL")).toBe("All systems operational");
  });
  it("no data is not a status, and an incident's state reads the same everywhere", () => {
    expect(statusOrNoDataLabel("NO_DATA")).toBe("No data yet");
    expect(incidentStateLabel("RESOLVED")).toBe("Resolved");
    expect(incidentStateLabel("MONITORING")).toBe("Ongoing · Monitoring");
  });
});
