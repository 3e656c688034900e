/**
 * The page's time zone and locale (Heliograph extensions) on the v1 and v3 page APIs:
 * defaults, validation naming the field, PUT leaving them alone when omitted, the vendor's schemas still met,
 * and both documented in /openapi.json.
 */
import { describe, expect, it } from "vitest";
import { GET as openapi } from "@/app/openapi.json/route";
import { StatusPage, StatusPageV3 } from "@/lib/status-pages/schema";
import { vendorSchemaErrors } from "../../setup/vendor-schemas";
import { expectError, expectShape, rowCounts, slug, STORE, tenant } from "../api/fixtures";

describe(`page timezone and locale (${STORE})`, () => {
  it("v3: defaults to UTC/en, takes a zone and locale, keeps them on a PUT without them, answers the vendor's shape", async () => {
    const t = await tenant();
    const created = await t.api.post("/v3/status-pages", { name: "Modern", url: slug("v3") });
    const page = expectShape(created, 201, StatusPageV3);
    expect(page).toMatchObject({ timezone: "UTC", locale: "en" });

    const put = (body: Record<string, unknown>) => t.api.put(`/v3/status-pages/${page.id}`, { name: "Modern", url: page.url, ...body });
    const zoned = expectShape(await put({ timezone: "America/New_York", locale: "de" }), 200, StatusPageV3);
    expect(zoned).toMatchObject({ timezone: "America/New_York", locale: "de" });
    expect(vendorSchemaErrors("StatusPageV3", zoned)).toEqual([]);
    // A vendor tool replacing the page without Heliograph's fields leaves the zone and language as they were.
    const replaced = expectShape(await put({ description: "From the vendor CLI" }), 200, StatusPageV3);
    expect(replaced).toMatchObject({ timezone: "America/New_York", locale: "de", description: "From the vendor CLI" });
    expect((await t.api.get(`/v3/status-pages/${page.id}`)).body).toMatchObject({ timezone: "America/New_York", locale: "de" });
  });

  it("v3: an unknown zone, an offset, or a locale outside the list is a 400 naming the field, and nothing is written", async () => {
    const t = await tenant();
    const before = await rowCounts(t.db);
    for (const timezone of ["Mars/Olympus", "+01:00", "UTC+2", "", 7]) {
      expectError(await t.api.post("/v3/status-pages", { name: "Bad", url: slug("bad"), timezone }), 400, "timezone");
    }
    for (const locale of ["xx", "EN", "en-US", null]) {
      expectError(await t.api.post("/v3/status-pages", { name: "Bad", url: slug("bad"), locale }), 400, "locale");
    }
    expect(await rowCounts(t.db)).toEqual(before);
  });

  it("v1: the same fields on create, read and PUT", async () => {
    const t = await tenant();
    const page = expectShape(await t.api.post("/v1/status-pages", { name: "Classic", url: slug("v1"), cards: [], timezone: "Pacific/Kiritimati", locale: "ja" }), 201, StatusPage);
    expect(page).toMatchObject({ timezone: "Pacific/Kiritimati", locale: "ja" });
    expect(vendorSchemaErrors("StatusPage", page)).toEqual([]);
    expectError(await t.api.put(`/v1/status-pages/${page.id}`, { name: "Classic", url: page.url, cards: [], timezone: "Berlin" }), 400, "timezone");
    expectError(await t.api.put(`/v1/status-pages/${page.id}`, { name: "Classic", url: page.url, cards: [], locale: "it" }), 400, "locale");
    const kept = expectShape(await t.api.put(`/v1/status-pages/${page.id}`, { name: "Renamed", url: page.url, cards: [] }), 200, StatusPage);
    expect(kept).toMatchObject({ name: "Renamed", timezone: "Pacific/Kiritimati", locale: "ja" });
    const other = expectShape(await t.api.put(`/v1/status-pages/${page.id}`, { name: "Renamed", url: page.url, cards: [], timezone: "Europe/Berlin" }), 200, StatusPage);
    expect(other).toMatchObject({ timezone: "Europe/Berlin", locale: "ja" });
  });

  it("is documented in /openapi.json as Heliograph extensions on both APIs", async () => {
    const doc = await (await openapi(new Request("http://localhost/openapi.json"))).json();
    const schemas = doc.components.schemas;
    for (const name of ["StatusPage", "StatusPageV3", "CreateStatusPageInput", "StatusPageV3Mutation"]) {
      const props = schemas[name].properties;
      expect(props.timezone.description, name).toMatch(/Heliograph extension/);
      expect(props.locale.enum ?? props.locale.anyOf, name).toBeDefined();
    }
    expect(schemas.StatusPageV3Mutation.properties.locale.enum).toEqual(["en", "de", "fr", "es", "pt", "ja"]);
  });
});
