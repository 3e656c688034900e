import { describe, expect, it } from "vitest";
import { pageAddress, validBase } from "@/lib/tenancy/address";

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
    expect(validBase("domain", plain)).toBe("/acme");
    expect(validBase("domain", custom)).toBe("");
    expect(validBase("", custom)).toBe("/acme");
    expect(validBase("//evil.com", custom)).toBe("/acme");
    expect(validBase(null, custom)).toBe("/acme");
  });
});
