/**
 * The fuzzer's arbitraries are built once per schema: building a string arbitrary maps its whole unit,
 * which cost more CPU than running an operation's cases. Sampling is unchanged by the sharing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arbitraryOf } from "../../integration/attack/json-schema-arbitrary";
import type { JsonSchema } from "../../integration/attack/openapi";

const body: JsonSchema = {
  type: "object",
  required: ["name"],
  properties: {
    name: { type: "string", minLength: 1, maxLength: 80 },
    url: { type: "string", pattern: "^[a-z0-9-]+$", maxLength: 40 },
    email: { type: "string", format: "email" },
    note: { type: ["string", "null"] },
  },
};

describe("the fuzzer's arbitraries for a request body", () => {
  it("builds each string arbitrary once, however many operations share its schema", () => {
    for (const schema of Object.values(body.properties!).filter((s) => s.type === "string")) {
      expect(arbitraryOf(schema), JSON.stringify(schema)).toBe(arbitraryOf(structuredClone(schema)));
    }
  });

  it("samples the same cases from a shared arbitrary as from a first one", () => {
    const first = fc.sample(arbitraryOf(body, { hostile: true }), { numRuns: 50, seed: 7 });
    const again = fc.sample(arbitraryOf(body, { hostile: true }), { numRuns: 50, seed: 7 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    expect(first.some((v) => v && typeof v === "object" && "url" in v)).toBe(true);
  });
});
