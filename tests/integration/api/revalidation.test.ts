import { describe, expect, it } from "vitest";
import { getGenerations } from "@/lib/cache/generations";
import { pageTag, TENANCY_TAG } from "@/lib/cache/tags";
import { seed, STORE, tenant } from "./fixtures";

/** Every write that changes what a page shows bumps that page's cache tag, so the next request renders it fresh. */
describe(`writes revalidate the pages they affect (${STORE})`, () => {
  it("bumps page:<id> for every write through the API", async () => {
    const t = await tenant();
    const ids = await seed(t);
    const pageId = ids.page.id;
    const gen = () => getGenerations().latest([pageTag(pageId)]);
    const inc = `/v1/status-pages/incidents/${ids.incident.id}`;
    const win = `/v1/maintenance-windows/${ids.window.id}`;
    const writes: [string, () => Promise<{ status: number }>][] = [
      ["rename a service on the page", () => t.api.put(`/v1/status-pages/services/${ids.service.id}`, { name: "API v2" })],
      ["replace the page", () => t.api.put(`/v1/status-pages/${pageId}`, { name: "Status!", url: ids.page.url, cards: [{ name: "Core", services: [{ id: ids.other.id }, { id: ids.service.id }] }] })],
      ["set the password", () => t.api.put(`/v1/status-pages/${pageId}/password`, { password: "long enough" })],
      ["revoke a key", () => t.api.delete(`/v1/status-pages/${pageId}/keys/${ids.key.id}`)],
      ["open an incident", () => t.api.post("/v1/status-pages/incidents", { name: "n", severity: "MINOR", services: [{ id: ids.service.id }], incidentUpdates: [{ description: "x" }] })],
      ["replace an incident", () => t.api.put(inc, { name: "Errors!", severity: "CRITICAL", services: [{ id: ids.service.id }] })],
      ["patch an incident", () => t.api.patch(inc, { severity: "MEDIUM" })],
      ["post an update", () => t.api.post(`${inc}/incident-updates`, { description: "more", status: "MONITORING" })],
      ["edit an update", () => t.api.put(`${inc}/incident-updates/${ids.update.id}`, { description: "edited" })],
      ["delete an update", () => t.api.delete(`${inc}/incident-updates/${ids.update.id}`)],
      ["edit a window shown on the page", () => t.api.put(win, { name: "Upgrade!" })],
      ["delete a window shown on the page", () => t.api.delete(win)],
      ["delete the incident", () => t.api.delete(inc)],
      ["delete a service on the page", () => t.api.delete(`/v1/status-pages/services/${ids.other.id}`)],
      ["delete the page", () => t.api.delete(`/v1/status-pages/${pageId}`)],
    ];
    for (const [what, write] of writes) {
      const before = gen();
      const res = await write();
      expect(res.status, what).toBeLessThan(300);
      expect(gen(), what).toBeGreaterThan(before);
    }
    const created = (await t.api.post("/v1/status-pages", { name: "New", url: `${ids.page.url}-2`, cards: [] })).body;
    expect(getGenerations().latest([pageTag(created.id)])).toBeGreaterThan(0);
    expect(getGenerations().latest([TENANCY_TAG])).toBeGreaterThan(0);
  });
});
