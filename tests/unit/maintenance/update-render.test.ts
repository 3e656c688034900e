import { describe, expect, it } from "vitest";
import { CHANNELS, channelsFor } from "@/lib/notifications/channels";
import { webhookBody } from "@/lib/notifications/channels/webhook";
import type { EventPayload } from "@/lib/notifications/channels/payload";
import { statusText } from "@/lib/notifications/channels/render";

/* An operator's maintenance update with notifySubscribers (maintenance.update): every channel sends and renders it. */

const update = (status: string, description: string): EventPayload => ({
  kind: "maintenance.update",
  page: { id: "p", name: "Acme", address: "https://status.acme.test" },
  title: "Database upgrade",
  status,
  body: description,
  at: Date.parse("2026-11-24T20:00:00Z"),
  services: [{ id: "s1", name: "API" }],
  maintenance: { id: 7, startsAt: Date.parse("2026-11-24T19:00:00Z"), endsAt: Date.parse("2026-11-24T21:00:00Z"), occurrenceId: "o1", updateId: "u1" },
});

describe("maintenance.update", () => {
  it("is an event every channel sends", () => {
    expect(channelsFor("maintenance.update")).toEqual(CHANNELS.map((c) => c.type));
  });

  it.each(["SCHEDULED", "IN_PROGRESS", "VERIFYING", "COMPLETED", "CANCELLED"])("every channel renders a %s update with its status words and text", async (status) => {
    for (const c of CHANNELS) {
      const rendered = JSON.stringify(await c.render(update(status, "Replicas **switched**")));
      expect(rendered, c.type).toContain(c.type === "SMS" ? "Database" : "switched");
      if (c.type !== "WEBHOOK") expect(rendered, c.type).toContain(statusText(status));
    }
  });

  it("has maintenance words for every occurrence status", () => {
    for (const s of ["SCHEDULED", "IN_PROGRESS", "VERIFYING", "COMPLETED", "CANCELLED"]) expect(statusText(s)).toMatch(/maintenance/i);
  });

  it("the webhook names the update by its id and shows components under maintenance only while it runs", () => {
    const running = webhookBody(update("VERIFYING", "Checking"));
    expect(running.incident).toMatchObject({ status: "verifying", impact: "maintenance", scheduled_for: "2026-11-24T19:00:00.000Z", scheduled_until: "2026-11-24T21:00:00.000Z" });
    expect(running.incident.incident_updates).toEqual([expect.objectContaining({ id: "u1", status: "verifying", body: "Checking" })]);
    expect(running.incident.components).toEqual([{ id: "s1", name: "API", status: "under_maintenance" }]);
    for (const s of ["COMPLETED", "CANCELLED"]) {
      const over = webhookBody(update(s, "Over"));
      expect(over.incident.components).toEqual([{ id: "s1", name: "API", status: "operational" }]);
      expect(over.page.status_indicator).toBe("none");
    }
  });
});
