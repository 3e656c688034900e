import { describe, expect, it } from "vitest";
import { partMark, splice } from "@/lib/static-pages/splice";

const parts = ["<b>zero – ü</b>", "<i>one 東京</i>", "<u>two 🚧</u>"].map((s) => Buffer.from(s, "utf8"));

describe("splicing kept parts into a page (lib/static-pages/splice.ts)", () => {
  it("puts each part's bytes in its marks' places, in any order and as often as marked, multibyte text around them", () => {
    const html = `<p>ä ${partMark(2)} 東 ${partMark(0)}</p><p>${partMark(1)}${partMark(2)}</p>`;
    expect(splice(html, parts).toString("utf8")).toBe("<p>ä <u>two 🚧</u> 東 <b>zero – ü</b></p><p><i>one 東京</i><u>two 🚧</u></p>");
  });

  it("leaves a page without marks as it is", () => {
    expect(splice("<p>plain – text</p>", []).toString("utf8")).toBe("<p>plain – text</p>");
  });

  it("refuses a part without a mark and a mark without a part", () => {
    expect(() => splice(`<p>${partMark(0)}${partMark(2)}</p>`, parts)).toThrow(/part 1 of 3 has no mark/);
    expect(() => splice(`<p>${partMark(3)}</p>`, parts.slice(0, 1))).toThrow(/names no part/);
  });

  it("takes nothing else for a mark: a comment the operator could write has no token", () => {
    const html = `<p>&lt;!--hg-part-0:0--&gt; <!--hg-part-0:0--> ${partMark(0)}</p>`;
    expect(splice(html, parts.slice(0, 1)).toString("utf8")).toBe("<p>&lt;!--hg-part-0:0--&gt; <!--hg-part-0:0--> <b>zero – ü</b></p>");
  });
});
