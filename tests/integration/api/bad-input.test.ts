import { describe, expect, it } from "vitest";
import { THEME_COLOR_FIELDS } from "@/lib/status-pages/types";
import { expectError, rowCounts, slug, STORE, tenant } from "./fixtures";

const palette = (c: string) => Object.fromEntries(THEME_COLOR_FIELDS.map((f) => [f, c]));

/** Bad input of every kind: each answers a 4xx envelope naming the field, and the database is unchanged. */
describe(`bad input (${STORE})`, () => {
  it("answers every case with a 4xx envelope naming the field and writes nothing", async () => {
    const t = await tenant();
    const other = await tenant("Other");
    const svc = (await t.api.post("/v1/status-pages/services", { name: "API" })).body;
    const foreign = (await other.api.post("/v1/status-pages/services", { name: "Theirs" })).body;
    const taken = (await t.api.post("/v1/status-pages", { name: "Taken", url: slug("taken"), cards: [] })).body;
    const inc = (await t.api.post("/v1/status-pages/incidents", { name: "n", severity: "MINOR", services: [{ id: svc.id }], incidentUpdates: [{ description: "x" }] })).body;
    const page = (u = slug()) => ({ name: "P", url: u, cards: [{ name: "c", services: [{ id: svc.id }] }] });
    const json = { "content-type": "application/json" };
    const before = await rowCounts(t.db);
    const otherBefore = await rowCounts(other.db);

    const cases: [string, () => Promise<import("./client").ApiResponse>, number, string | undefined][] = [
      ["malformed JSON", () => t.api.post("/v1/status-pages", undefined, { rawBody: '{"name": "P",', headers: json }), 400, "body"],
      ["wrong content type", () => t.api.post("/v1/status-pages", undefined, { rawBody: JSON.stringify(page()), headers: { "content-type": "text/plain" } }), 415, undefined],
      ["10 MB body", () => t.api.post("/v1/status-pages", undefined, { rawBody: JSON.stringify({ ...page(), description: "x".repeat(10 * 1024 * 1024) }), headers: json }), 413, undefined],
      ["unknown enum value", () => t.api.post("/v1/status-pages", { ...page(), defaultTheme: "PURPLE" }), 400, "defaultTheme"],
      ["unknown severity", () => t.api.post("/v1/status-pages/incidents", { name: "n", severity: "SEVERE", services: [{ id: svc.id }], incidentUpdates: [{ description: "x" }] }), 400, "severity"],
      ["unknown field", () => t.api.post("/v1/status-pages", { ...page(), colour: "red" }), 400, "colour"],
      ["limit=0", () => t.api.get("/v1/status-pages?limit=0"), 400, "limit"],
      ["limit=101", () => t.api.get("/v1/status-pages/services?limit=101"), 400, "limit"],
      ["limit=abc", () => t.api.get("/v1/status-pages/incidents?limit=abc"), 400, "limit"],
      ["id not a uuid", () => t.api.put("/v1/status-pages/1234", page()), 400, "id"],
      ["card service id not a uuid", () => t.api.post("/v1/status-pages", { ...page(), cards: [{ name: "c", services: [{ id: "svc-1" }] }] }), 400, "cards.0.services.0.id"],
      ["customDomain with a scheme", () => t.api.post("/v1/status-pages", { ...page(), customDomain: "https://status.example.com" }), 400, "customDomain"],
      ["customDomain with a path", () => t.api.post("/v1/status-pages", { ...page(), customDomain: "status.example.com/acme" }), 400, "customDomain"],
      ["customDomain with a port", () => t.api.post("/v1/status-pages", { ...page(), customDomain: "status.example.com:8443" }), 400, "customDomain"],
      ["slug with bad characters", () => t.api.post("/v1/status-pages", { ...page("acme_cloud!") }), 400, "url"],
      ["reserved slug", () => t.api.post("/v1/status-pages", { ...page("v1") }), 400, "url"],
      ["slug collision", () => t.api.post("/v1/status-pages", page(taken.url)), 409, "url"],
      ["colour not #RGB/#RRGGBB", () => t.api.post("/v1/status-pages", { ...page(), themeColors: { light: palette("#ffff"), dark: palette("#000") } }), 400, "themeColors.light.bodyBackgroundColor"],
      ["colour name", () => t.api.post("/v1/status-pages", { ...page(), themeColors: { light: palette("#fff"), dark: { ...palette("#000"), borderColor: "red" } } }), 400, "themeColors.dark.borderColor"],
      ["missing colour", () => t.api.post("/v1/status-pages", { ...page(), themeColors: { light: palette("#fff"), dark: { bodyBackgroundColor: "#000" } } }), 400, "themeColors.dark.headerBackgroundColor"],
      ["logo not http(s)", () => t.api.post("/v1/status-pages", { ...page(), logo: "javascript:alert(1)" }), 400, "logo"],
      ["redirectTo not a URL", () => t.api.post("/v1/status-pages", { ...page(), redirectTo: "elsewhere" }), 400, "redirectTo"],
      ["description too long", () => t.api.post("/v1/status-pages", { ...page(), description: "x".repeat(501) }), 400, "description"],
      ["endsAt before startsAt", () => t.api.post("/v1/maintenance-windows", { name: "w", startsAt: "2030-01-02T00:00:00Z", endsAt: "2030-01-01T00:00:00Z", repeatUnit: null }), 400, "endsAt"],
      ["two embedded updates", () => t.api.post("/v1/status-pages/incidents", { name: "n", severity: "MINOR", services: [{ id: svc.id }], incidentUpdates: [{ description: "a" }, { description: "b" }] }), 400, "incidentUpdates"],
      ["card naming another account's service", () => t.api.post("/v1/status-pages", { ...page(), cards: [{ name: "c", services: [{ id: svc.id }, { id: foreign.id }] }] }), 404, "cards.0.services.1.id"],
      ["incident naming another account's service", () => t.api.post("/v1/status-pages/incidents", { name: "n", severity: "MINOR", services: [{ id: foreign.id }], incidentUpdates: [{ description: "x" }] }), 404, "services.0.id"],
      ["update with unknown status", () => t.api.post(`/v1/status-pages/incidents/${inc.id}/incident-updates`, { description: "x", status: "FIXED" }), 400, "status"],
      ["update date not ISO 8601", () => t.api.post(`/v1/status-pages/incidents/${inc.id}/incident-updates`, { description: "x", publicIncidentUpdateDate: "1 March 2026" }), 400, "publicIncidentUpdateDate"],
      ["maintenance id not an integer", () => t.api.put("/v1/maintenance-windows/one", { name: "x" }), 400, "id"],
    ];
    for (const [name, run, status, field] of cases) {
      const res = await run();
      expect(res.status, `${name}: ${res.text}`).toBe(status);
      const body = expectError(res, status, field);
      expect(body.message.length, name).toBeGreaterThan(0);
    }
    expect(await rowCounts(t.db)).toEqual(before);
    expect(await rowCounts(other.db)).toEqual(otherBefore);
  });
});
