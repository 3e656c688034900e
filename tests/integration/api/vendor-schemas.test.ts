import { describe, expect, it } from "vitest";
import { THEME_COLOR_FIELDS } from "@/lib/status-pages/types";
import { vendorSchemaErrors } from "../../setup/vendor-schemas";
import type { ApiResponse } from "./client";
import { slug, STORE, tenant } from "./fixtures";

const palette = (c: string) => Object.fromEntries(THEME_COLOR_FIELDS.map((f) => [f, c]));

function expectVendorShape(res: ApiResponse, status: number, shape: string) {
  expect(res.status, res.text).toBe(status);
  expect(vendorSchemaErrors(shape, res.body), `${shape}: ${res.text.slice(0, 400)}`).toEqual([]);
  return res.body;
}

describe(`v1 answers against the vendor's published response schemas (${STORE})`, () => {
  it("status pages: colours in either case are answered with upper-case hex digits", async () => {
    const t = await tenant();
    const svc = (await t.api.post("/v1/status-pages/services", { name: "API" })).body;
    const themeColors = { light: { ...palette("#fff"), borderColor: "#a1b2c3" }, dark: palette("#0a0B0c") };
    const created = expectVendorShape(
      await t.api.post("/v1/status-pages", { name: "Acme", url: slug(), themeColors, cards: [{ name: "Core", services: [{ id: svc.id }] }] }),
      201,
      "StatusPageWriteResult",
    );
    expect(created.themeColors.light).toMatchObject({ bodyBackgroundColor: "#FFF", borderColor: "#A1B2C3" });
    expect(created.themeColors.dark.borderColor).toBe("#0A0B0C");
    // Stored canonical, so every surface reading the row sees the same value.
    const row = await t.db.selectFrom("status_pages").select("theme_colors").where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.theme_colors!).light.borderColor).toBe("#A1B2C3");

    const got = expectVendorShape(await t.api.get(`/v1/status-pages/${created.id}`), 200, "StatusPage");
    expect(got.themeColors).toEqual(created.themeColors);
    const put = await t.api.put(`/v1/status-pages/${created.id}`, { name: "Acme", url: created.url, themeColors: { light: palette("#abc"), dark: palette("#def012") }, cards: [] });
    expect(expectVendorShape(put, 200, "StatusPageWriteResult").themeColors.dark.borderColor).toBe("#DEF012");
    const list = expectVendorShape(await t.api.get("/v1/status-pages"), 200, "StatusPagesPaginated");
    expect(list.entries[0].themeColors.light.borderColor).toBe("#ABC");
  });

  it("a page stored with lower-case colours (before input was normalized) is answered in upper case", async () => {
    const t = await tenant();
    const page = (await t.api.post("/v1/status-pages", { name: "Old", url: slug(), cards: [] })).body;
    await t.db.updateTable("status_pages").set({ theme_colors: JSON.stringify({ light: palette("#abcdef"), dark: palette("#fff") }) }).where("id", "=", page.id).execute();
    const got = expectVendorShape(await t.api.get(`/v1/status-pages/${page.id}`), 200, "StatusPage");
    expect(got.themeColors.light.borderColor).toBe("#ABCDEF");
    expect(got.themeColors.dark.borderColor).toBe("#FFF");
    expectVendorShape(await t.api.get("/v1/status-pages"), 200, "StatusPagesPaginated");
  });

  it("incidents and updates, as the vendor's command-line client reads them", async () => {
    const t = await tenant();
    const svc = (await t.api.post("/v1/status-pages/services", { name: "API" })).body;
    const incident = expectVendorShape(
      await t.api.post("/v1/status-pages/incidents", { name: "Errors", severity: "MINOR", services: [{ id: svc.id, name: svc.name, accountId: t.accountId }], incidentUpdates: [{ description: "Looking", status: "INVESTIGATING", notifySubscribers: true }] }),
      201,
      "Incident",
    );
    expectVendorShape(await t.api.patch(`/v1/status-pages/incidents/${incident.id}`, { severity: "MAJOR" }), 200, "Incident");
    expectVendorShape(await t.api.post(`/v1/status-pages/incidents/${incident.id}/incident-updates`, { description: "Fixed", status: "RESOLVED", notifySubscribers: false }), 200, "IncidentUpdate");
    expectVendorShape(await t.api.get(`/v1/status-pages/incidents/${incident.id}`), 200, "Incident");
    expectVendorShape(await t.api.get("/v1/status-pages/incidents"), 200, "IncidentsPaginated");
  });
});
