import { describe, expect, it } from "vitest";
import { FragmentMemo } from "@/lib/static-pages/fragment-memo";

/** A memo with room for about `n` parts of 100 bytes (keys of one character). */
const withRoom = (n: number) => new FragmentMemo(n * 102);
const part = (c: string) => c.repeat(100);

describe("kept parts (lib/static-pages/fragment-memo.ts)", () => {
  it("draws a part once and answers it as UTF-8 from then on", () => {
    const memo = withRoom(10);
    let draws = 0;
    const draw = () => (draws++, "<p>Zürich – 東京</p>");
    const first = memo.get("k", draw);
    expect(memo.get("k", draw)).toBe(first);
    expect(first.toString("utf8")).toBe("<p>Zürich – 東京</p>");
    expect(draws).toBe(1);
  });

  it("lets the least recently used part go when full, a part used since it was added counting as recent", () => {
    // Room for eight parts (none may take more than an eighth of it).
    const memo = withRoom(8);
    const drawn: string[] = [];
    const get = (k: string) => memo.get(k, () => (drawn.push(k), part(k)));
    for (const k of "abcdefgh") get(k);
    // "a" used again (several times, as every render of a page does): "b" is now the least recently used.
    get("a");
    get("a");
    get("i");
    expect(memo.size().entries).toBe(8);
    drawn.length = 0;
    for (const k of "acdefghi") get(k);
    expect(drawn).toEqual([]);
    get("b");
    expect(drawn).toEqual(["b"]);
    expect(memo.size().bytes).toBeLessThanOrEqual(8 * 102);
  });

  it("keeps nothing that alone takes an eighth of its room", () => {
    const memo = withRoom(8);
    let draws = 0;
    memo.get("big", () => (draws++, "x".repeat(150)));
    memo.get("big", () => (draws++, "x".repeat(150)));
    expect(draws).toBe(2);
    expect(memo.size().entries).toBe(0);
  });
});
