import { describe, expect, it } from "vitest";
import { toIso, toIsoOrNull } from "@/lib/db/time";

describe("wire timestamps (lib/db/time.ts)", () => {
  it("are ISO 8601 with milliseconds and Z, the same whether formatted or kept, for many more than it keeps", () => {
    const base = Date.UTC(2026, 10, 27, 14, 5, 6, 789);
    expect(toIso(base)).toBe("2026-11-27T14:05:06.789Z");
    // Past the bound (10,000): every answer is still the time asked for, including after the table was cleared.
    for (let i = 0; i < 25_000; i += 1) {
      const at = base + i * 61_001;
      expect(toIso(at)).toBe(new Date(at).toISOString());
    }
    expect(toIso(base)).toBe("2026-11-27T14:05:06.789Z");
    // A value from the database may be a numeric string (bigint columns on PostgreSQL).
    expect(toIso("1795788728675" as unknown as number)).toBe(new Date(1795788728675).toISOString());
    expect(toIsoOrNull(null)).toBeNull();
  });

  it("refuses what is not a time, every time (nothing is kept for it)", () => {
    expect(() => toIso(Number.NaN)).toThrow(RangeError);
    expect(() => toIso(Number.NaN)).toThrow(RangeError);
    expect(() => toIso(8.64e15 + 1)).toThrow(RangeError);
  });
});
