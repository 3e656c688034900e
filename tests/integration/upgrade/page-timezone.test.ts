/**
 * Migration 011 (page time zone and locale) on a database written by release 0.1: every page of the release
 * reads as UTC/en, its public page keeps rendering, and the new fields can be set through the v1 API.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { releaseFixtureIds, upgradedFromRelease } from "@/tests/setup/release-fixture";
import { StatusPage, StatusPagePage } from "@/lib/status-pages/schema";
import { client } from "../api/client";
import { expectError, expectShape } from "../api/fixtures";
import type { Db } from "@/lib/db";
import { loadPageSnapshot } from "@/lib/public-page/load";

const ids = releaseFixtureIds();
let db: Db;

beforeAll(async () => {
  db = await upgradedFromRelease();
});

describe("page time zone and locale after the upgrade from release 0.1", () => {
  it("gives every page of the release UTC and en", async () => {
    const rows = await db.selectFrom("status_pages").select(["id", "timezone", "locale"]).execute();
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining([ids.pageId, ids.privatePageId]));
    expect(rows.every((r) => r.timezone === "UTC" && r.locale === "en")).toBe(true);
  });

  it("answers the fields, keeps them on a PUT that omits them, and sets them on one that names them", async () => {
    const api = client(ids.apiKey);
    const list = expectShape(await api.get("/v1/status-pages"), 200, StatusPagePage);
    const page = list.entries.find((p) => p.id === ids.pageId)!;
    expect(page).toMatchObject({ timezone: "UTC", locale: "en" });

    const body = { name: page.name, url: page.url, cards: page.cards.map((c) => ({ id: c.id, name: c.name, services: c.services.map((s) => ({ id: s.id })) })) };
    expectError(await api.put(`/v1/status-pages/${page.id}`, { ...body, timezone: "Europe/Atlantis" }), 400, "timezone");
    const zoned = expectShape(await api.put(`/v1/status-pages/${page.id}`, { ...body, timezone: "asia/tokyo", locale: "ja" }), 200, StatusPage);
    expect(zoned).toMatchObject({ timezone: "Asia/Tokyo", locale: "ja" });
    const kept = expectShape(await api.put(`/v1/status-pages/${page.id}`, body), 200, StatusPage);
    expect(kept).toMatchObject({ timezone: "Asia/Tokyo", locale: "ja" });
    expect(kept.cards.map((c) => c.id)).toEqual(page.cards.map((c) => c.id));
  });

  it("groups the release's page's uptime days in its new zone", async () => {
    const page = await db.selectFrom("status_pages").selectAll().where("id", "=", ids.pageId).executeTakeFirstOrThrow();
    expect(page.timezone).toBe("Asia/Tokyo");
    // 20:00 UTC is already the next day in Tokyo (UTC+9, no DST)
    const now = Date.UTC(2026, 10, 24, 20);
    const snap = await loadPageSnapshot(db, page, now);
    expect(snap.components.length).toBeGreaterThan(0);
    expect(snap.components[0].days.at(-1)).toMatchObject({ day: "2026-11-25", observedMinutes: 5 * 60 });
  });
});
