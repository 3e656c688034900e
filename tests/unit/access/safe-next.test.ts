import { describe, expect, it } from "vitest";
import { safeNext } from "@/lib/access/form";

/** What a Location header may carry: visible ASCII only (Headers throws on more than Latin-1, and sends Latin-1 as raw bytes). */
const VISIBLE_ASCII = /^[\x21-\x7e]*$/;

describe("where the unlock form may send the visitor back to", () => {
  it("keeps paths and queries below the page", () => {
    for (const ok of ["", "?page=2", "/history", "/incidents/7c0e?x=1", "/history?page=3", "/incidents/a%20b"]) expect(safeNext(ok)).toBe(ok);
  });

  it("refuses anything that could leave the page once the URL is normalized", () => {
    const hostile = [
      "//evil.com", "/..//evil.com", "/../evil", "/./x", "/%2e%2e//evil.com", "/%2E%2E/x", "/incidents/../..//evil.com",
      "/a//b", "https://evil.com", "\\\\evil.com", "/\\evil.com", "/ x", "evil.com", 42, null,
    ];
    for (const bad of hostile) expect(safeNext(bad), String(bad)).toBe("");
  });

  it("percent-encodes characters beyond ASCII as UTF-8, so the path still leads to the same page", () => {
    expect(safeNext("/ф")).toBe("/%D1%84");
    expect(safeNext("/incidents/é?q=ü")).toBe("/incidents/%C3%A9?q=%C3%BC");
    expect(safeNext("/\u{1F600}")).toBe("/%F0%9F%98%80");
    expect(safeNext('/a"b<c>d`e{f}g|h^')).toBe("/a%22b%3Cc%3Ed%60e%7Bf%7Dg%7Ch%5E");
  });

  it("refuses control characters, raw or percent-encoded, and text that is not Unicode", () => {
    for (const bad of ["/\u0000", "/%00", "/a%0d%0aSet-Cookie:x=1", "/a\r\nx", "/\u007f", "/%7F", "/%1b", "/\u0085", "/\u2028", "/\ud800", "/x\udfff", "?\u0000"]) {
      expect(safeNext(bad), JSON.stringify(bad)).toBe("");
    }
  });

  it("drops a fragment and a stray percent sign cannot make a bad escape", () => {
    expect(safeNext("/history#top")).toBe("/history");
    expect(safeNext("/100%")).toBe("/100%25");
    expect(safeNext("/%zz")).toBe("/%25zz");
  });

  it("whatever it is given, the result is visible ASCII that a Location header accepts", () => {
    const samples: string[] = [];
    for (let cp = 0; cp < 0x3000; cp += 13) samples.push(`/x${String.fromCodePoint(cp)}y`, `?q=${String.fromCodePoint(cp)}`);
    for (const cp of [0xd800, 0xdbff, 0xdc00, 0xdfff, 0xfeff, 0xfffe, 0xffff, 0x10ffff, 0x1f4a9, 0x202e]) samples.push(`/${String.fromCharCode(cp)}`, `/${String.fromCodePoint(cp)}`);
    samples.push("/" + "a".repeat(3000), "/%", "/%%", "/%2", "/%c3%28", "?", "/?a=b&c", "/a?b=/../../x", "/a?next=//evil");
    for (const raw of samples) {
      const out = safeNext(raw);
      expect(out, JSON.stringify(raw)).toMatch(VISIBLE_ASCII);
      expect(out === "" || out.startsWith("?") || (out.startsWith("/") && !out.startsWith("//"))).toBe(true);
      expect(() => new Headers({ Location: `/acme${out}` })).not.toThrow();
    }
  });
});

describe("a Location header value", () => {
  it("is visible ASCII whatever the target, and keeps what already is", async () => {
    const { locationValue } = await import("@/lib/http/location");
    expect(locationValue("/acme/history?page=2")).toBe("/acme/history?page=2");
    expect(locationValue("/acme/ф é")).toBe("/acme/%D1%84%20%C3%A9");
    expect(locationValue("/acme/\ud800", "/acme")).toBe("/acme");
    for (const t of ["/\u0000", "/\r\nx: y", "/\u{1F600}", "/\u00ff"]) expect(() => new Headers({ Location: locationValue(t) })).not.toThrow();
  });
});
