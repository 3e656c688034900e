import { describe, expect, it } from "vitest";
import { localizeTimes } from "@/components/islands/local-times";

/** A stand-in for the few DOM parts localizeTimes touches (the unit project runs without a DOM). */
function timeEl(iso: string, kind: "date" | "datetime", text: string) {
  return { dateTime: iso, dataset: { local: kind }, textContent: text };
}

describe("localizeTimes (LocalTime without React, on statically rendered pages)", () => {
  it("rewrites each time in the visitor's zone, naming it, and leaves them when the zones agree", () => {
    const els = [timeEl("2026-11-20T14:05:00.000Z", "datetime", "20 Nov 2026, 14:05 UTC"), timeEl("2026-11-20T23:30:00.000Z", "date", "20 Nov 2026")];
    const scope = { querySelectorAll: () => els } as unknown as ParentNode;
    // The visitor's zone is the page's: nothing changes.
    localizeTimes(scope, { zone: "Asia/Tokyo", locale: "en" }, "Asia/Tokyo");
    expect(els.map((e) => e.textContent)).toEqual(["20 Nov 2026, 14:05 UTC", "20 Nov 2026"]);

    localizeTimes(scope, { zone: "UTC", locale: "en" }, "Asia/Tokyo");
    expect(els[0].textContent).toBe("20 Nov 2026, 23:05 GMT+9");
    // 23:30 UTC is the next day in Tokyo.
    expect(els[1].textContent).toBe("21 Nov 2026");
  });
});
