import { describe, expect, it } from "vitest";
import { ogText, pngSize } from "@/lib/og/text";

describe("text drawn into Open Graph images", () => {
  it("keeps Latin text and typographic punctuation, drops what the bundled font lacks", () => {
    expect(ogText("Ümlaut – “quoted” … café")).toBe("Ümlaut – “quoted” … café");
    expect(ogText("数据库故障 🔥 Database")).toBe("Database");
    expect(ogText("a\u0000b")).toBe("a b");
  });

  it("caps long text with an ellipsis", () => {
    expect(ogText("x".repeat(200), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

describe("pngSize", () => {
  it("reads width and height from IHDR, and refuses what is not a PNG", () => {
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    expect(pngSize(png)).toEqual({ width: 1, height: 1 });
    expect(pngSize(Buffer.from("GIF89a................"))).toBeNull();
    expect(pngSize(png.subarray(0, 20))).toBeNull();
  });
});
