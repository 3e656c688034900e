/**
 * lib/i18n translator() keeps answers for calls with plain values (a render makes ~900 bar tooltips): the kept
 * answer is the one use-intl gives, per value, per locale; values that are not strings or numbers go straight through.
 */
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { CATALOGUES, translator } from "@/lib/i18n";

describe("translator answers kept per values", () => {
  it.each(["en", "de", "ja"] as const)("matches use-intl for every plural and value (%s)", (locale) => {
    const plain = createTranslator({ locale, messages: CATALOGUES[locale], namespace: "bars" });
    const t = translator(locale, "bars");
    for (let round = 0; round < 2; round++) {
      for (const count of [0, 1, 2, 5, 21]) expect(t("tipIncidents", { count })).toBe(plain("tipIncidents", { count }));
      for (const value of ["99.5%", "100%", "12,25 %"]) expect(t("tipUptime", { value })).toBe(plain("tipUptime", { value }));
      expect(t("hoursMin", { hours: 3, minutes: 7 })).toBe(plain("hoursMin", { hours: 3, minutes: 7 }));
      // Same digits, other parameter: not confused with each other.
      expect(t("hoursMin", { hours: 7, minutes: 3 })).toBe(plain("hoursMin", { hours: 7, minutes: 3 }));
    }
  });

  it("keeps methods other than the call (has, raw)", () => {
    const t = translator("fr", "bars");
    expect(t.has("tipUptime")).toBe(true);
    expect(typeof t.raw("tipUptime")).toBe("string");
  });
});
