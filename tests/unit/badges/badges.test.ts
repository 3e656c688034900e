import { describe, expect, it } from "vitest";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { BADGE_STYLES, MAX_LABEL_LENGTH, cleanText, parseBadgeQuery, renderBadgeSvg, shieldsJson } from "@/lib/badges/render";
import { formatUptime, isUptimeWindow, pageBadge, serviceBadge, uptimeBadge, uptimeColor } from "@/lib/badges/values";
import { ShieldsEndpointSchema } from "./shields-schema";

const q = (s = "") => parseBadgeQuery(new URLSearchParams(s));
const title = (svg: string) => String(new XMLParser().parse(svg).svg.title);

describe("badge values", () => {
  it("uptime never rounds up to 100 % and drops trailing zeros", () => {
    expect([100, 99.996, 99.95, 99.9, 99.5714, 90, 0].map(formatUptime)).toEqual(["100%", "99.99%", "99.95%", "99.9%", "99.57%", "90%", "0%"]);
  });

  it("uptime colours step down with the figure; no data is grey", () => {
    expect([100, 99.9, 99.5, 98, 96, 92, 50].map(uptimeColor)).toEqual(["brightgreen", "brightgreen", "green", "yellowgreen", "yellow", "orange", "red"]);
    expect(uptimeBadge("30d", null)).toEqual({ label: "uptime 30d", message: "no data", color: "lightgrey" });
  });

  it("status badges say the status in words with its colour", () => {
    expect(pageBadge("OPERATIONAL")).toEqual({ label: "status", message: "all systems operational", color: "brightgreen" });
    expect(pageBadge("UNDER_MAINTENANCE").color).toBe("blue");
    expect(serviceBadge("API", "PARTIAL_OUTAGE")).toEqual({ label: "API", message: "partial outage", color: "orange" });
    expect(["24h", "7d", "30d", "90d"].every(isUptimeWindow)).toBe(true);
    expect(["1y", "toString", "constructor", ""].some(isUptimeWindow)).toBe(false);
  });
});

describe("badge text and query", () => {
  it("cleanText drops what XML cannot carry and caps by code points", () => {
    expect(cleanText("a\u0000b\u0008c\u000bd\ufffee")).toBe("abcde");
    expect(cleanText("x\ud800y\udc00z")).toBe("xyz"); // lone surrogates
    expect(cleanText("😀".repeat(100))).toBe(`${"😀".repeat(MAX_LABEL_LENGTH - 1)}…`);
    expect(cleanText("  many \n\t spaces  ")).toBe("many spaces");
  });

  it("unknown query values fall back instead of failing an <img>", () => {
    expect(q("style=nope&theme=purple")).toEqual({ style: "flat", theme: "light", label: undefined });
    expect(q("style=social&theme=dark&label=")).toEqual({ style: "social", theme: "dark", label: "" });
  });

  it("every style renders well-formed XML with the text escaped", () => {
    for (const style of BADGE_STYLES) {
      const svg = renderBadgeSvg(pageBadge("MAJOR_OUTAGE"), q(`style=${style}&label=${encodeURIComponent(`<a href="x">&'`)}`));
      expect(XMLValidator.validate(svg)).toBe(true);
      expect(svg).not.toContain('<a href="x">');
      expect(title(svg).toLowerCase()).toBe(`<a href="x">&': major outage`);
    }
  });

  it("an empty label leaves only the message", () => {
    expect(title(renderBadgeSvg(pageBadge("OPERATIONAL"), q("label=")))).toBe("all systems operational");
  });

  it("shields JSON passes the shields endpoint schema, with style and labelColor only when asked", () => {
    const plain = shieldsJson(pageBadge("OPERATIONAL"), q(), new URLSearchParams());
    expect(ShieldsEndpointSchema.parse(plain)).toEqual({ schemaVersion: 1, label: "status", message: "all systems operational", color: "brightgreen", cacheSeconds: 300 });
    const raw = new URLSearchParams("style=flat-square&theme=dark");
    expect(ShieldsEndpointSchema.parse(shieldsJson(pageBadge("OPERATIONAL"), parseBadgeQuery(raw), raw))).toMatchObject({ style: "flat-square", labelColor: "#24292f" });
    expect(() => ShieldsEndpointSchema.parse({ ...plain, message: "" })).toThrow();
    expect(() => ShieldsEndpointSchema.parse({ ...plain, unknown: 1 })).toThrow();
  });
});
