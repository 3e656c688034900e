import { describe, expect, it } from "vitest";
import { routeClassOf, strayQuery } from "@/lib/tenancy/route-class";

const q = (s: string) => new URLSearchParams(s);
const stray = (rest: string, search: string) => strayQuery(routeClassOf(rest), q(search));
/** As the front cache asks, before it knows whether the page is private. */
const strayAnyPage = (rest: string, search: string) => strayQuery(routeClassOf(rest), q(search), { mayBePrivate: true });

describe("route classes under a page", () => {
  it.each([
    ["", "page"], ["/", "page"], ["/history", "history"], ["/incidents/123", "incident"],
    ["/incidents/123/x", "other"], ["/incidents", "other"], ["/subscribe", "subscribe"], ["/manage", "manage"], ["/confirm", "confirm"],
    ["/access", "other"], ["/manage/unsubscribe", "other"],
    ["/badge.svg", "badge"], ["/badge.json", "badge"], ["/services/s1/badge.svg", "badge"], ["/services/s1/uptime/90d/badge.json", "badge"],
    ["/embed", "widget"], ["/embed.js", "script"], ["/api/v2/summary.json", "json"], ["/api/v2/incidents/unresolved.json", "json"],
    ["/feed.rss", "feed"], ["/feed.atom", "feed"], ["/history.rss", "feed"], ["/history.atom", "feed"], ["/maintenance.ics", "calendar"],
    ["/og.png", "image"], ["/incidents/abc/og.png", "image"],
  ])("%j is %s", (rest, name) => expect(routeClassOf(rest).name).toBe(name));

  it("HTML pages and the subscribe page answer 401 when locked; manage and confirm take ?key= too", () => {
    const lockable = ["", "/history", "/incidents/x", "/subscribe"];
    for (const rest of lockable) expect(routeClassOf(rest).lockable, rest).toBe(true);
    for (const rest of [...lockable, "/manage", "/confirm"]) expect(routeClassOf(rest).keyExchange, rest).toBe(true);
    for (const rest of ["/manage", "/confirm", "/badge.svg", "/access", "/feed.rss"]) expect(routeClassOf(rest).lockable, rest).toBe(false);
    for (const rest of ["/badge.svg", "/embed", "/feed.rss", "/og.png"]) expect(routeClassOf(rest).keyExchange, rest).toBe(false);
    expect(routeClassOf("/subscribe").sharedHtml).toBe(false);
  });
});

describe("URLs with parameters their route never reads", () => {
  it("are left alone when every parameter is read", () => {
    expect(stray("", "")).toBeNull();
    expect(stray("/history", "page=2")).toBeNull();
    expect(strayAnyPage("", "denied=1")).toBeNull();
    expect(stray("/incidents/x", "_rsc=abc")).toBeNull();
    expect(stray("/badge.svg", "style=flat&label=x&theme=dark")).toBeNull();
    expect(stray("/embed", "theme=dark")).toBeNull();
  });

  it("lose the rest, keeping what the route reads, on every cached route", () => {
    expect(stray("", "x=123")).toBe("");
    expect(strayAnyPage("", "utm_source=mail&denied=1")).toBe("?denied=1");
    expect(stray("/history", "page=3&r=9")).toBe("?page=3");
    expect(stray("/incidents/x", "page=3")).toBe("");
    expect(stray("/badge.svg", "style=flat&x=1")).toBe("?style=flat");
    expect(stray("/services/s/uptime/30d/badge.json", "cb=9")).toBe("");
    expect(stray("/embed", "theme=dark&x=1")).toBe("?theme=dark");
    for (const rest of ["/og.png", "/incidents/x/og.png", "/feed.rss", "/history.atom", "/maintenance.ics", "/embed.js", "/api/v2/summary.json"]) {
      expect(stray(rest, "x=1"), rest).toBe("");
      expect(stray(rest, "_rsc=1"), rest).toBe("");
    }
  });

  it("keep `denied` only as one `denied=1` where the page may be private, and a history page only as one it has", () => {
    for (const rest of ["", "/history", "/incidents/x", "/maintenance/7", "/uptime"]) {
      expect(stray(rest, "denied=1"), rest).toBe("");
      expect(strayAnyPage(rest, "denied=1"), rest).toBeNull();
      for (const other of ["denied=x1", "denied=", "denied=true", "denied=1&denied=1"]) expect(strayAnyPage(rest, other), `${rest}?${other}`).toBe("");
    }
    expect(stray("/history", "page=2&denied=1")).toBe("?page=2");
    expect(stray("/history", "page=1200")).toBeNull();
    for (const bad of ["page=1", "page=0", "page=01", "page=1201", "page=junk", "page=", "page=%2B2", "page=2&page=2"]) expect(stray("/history", bad), bad).toBe("");
    expect(stray("/history", "page=junk&lang=de")).toBe("?lang=de");
  });

  it("never touch routes that are not stored (forms, subscribe, manage and confirm links)", () => {
    for (const rest of ["/access", "/subscribe", "/manage", "/confirm", "/manage/unsubscribe", "/nope"]) expect(stray(rest, "token=x&y=1"), rest).toBeNull();
  });
});
