import { describe, expect, it } from "vitest";
import { pageAddress, validBase } from "@/lib/tenancy/address";
import { safeSubpath } from "@/lib/tenancy/headers";

describe("pageAddress", () => {
  it("is the custom domain when set, else /<slug> on the public URL", () => {
    expect(pageAddress({ url: "acme", custom_domain: null }, "https://status.example.com/")).toBe("https://status.example.com/acme");
    expect(pageAddress({ url: "acme", custom_domain: "status.acme.com" }, "https://status.example.com")).toBe("https://status.acme.com");
    expect(pageAddress({ url: "acme", custom_domain: null }, "http://localhost:3000")).toBe("http://localhost:3000/acme");
  });
});

describe("validBase", () => {
  it("accepts only the bases the page can have", () => {
    const plain = { url: "acme", custom_domain: null };
    const custom = { url: "acme", custom_domain: "status.acme.com" };
    expect(validBase("/acme", plain)).toBe("/acme");
    expect(validBase("", plain)).toBe("/acme");
    expect(validBase("", custom)).toBe("");
    expect(validBase("//evil.com", custom)).toBe("/acme");
    expect(validBase(null, custom)).toBe("/acme");
  });
});

describe("safeSubpath", () => {
  it.each([
    ["/incidents/x", "/incidents/x"],
    ["/history?page=2", "/history?page=2"],
    ["", ""],
    [null, ""],
    ["//evil.com", ""],
    ["/\\evil.com", ""],
    ["https://evil.com", ""],
    ["/a b", ""],
  ])("%j → %j", (raw, out) => expect(safeSubpath(raw)).toBe(out));
});
