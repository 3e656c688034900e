import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { choiceScript, defaultChoice, THEME_SCRIPT_PATTERN, themeStorageKey } from "@/lib/theme/script";

/** Runs the choice script against a fake document and storage, as the browser would before paint. */
function runChoice(stored: string | null | Error, fallback: "light" | "dark" | "system") {
  const attrs: Record<string, string> = {};
  const localStorage = {
    getItem: (k: string) => {
      if (stored instanceof Error) throw stored;
      return k === "hg-theme:acme" ? stored : null;
    },
  };
  const document = { documentElement: { setAttribute: (k: string, v: string) => (attrs[k] = v) } };
  runInNewContext(choiceScript(themeStorageKey("acme"), fallback), { localStorage, document });
  return attrs["data-theme-choice"];
}

describe("theme choice before paint", () => {
  it("maps the page's default theme to next-themes' names (AUTO follows the system)", () => {
    expect([defaultChoice("LIGHT"), defaultChoice("DARK"), defaultChoice("AUTO")]).toEqual(["light", "dark", "system"]);
  });
  it("is remembered per page", () => {
    expect(themeStorageKey("acme")).not.toBe(themeStorageKey("acme-payments"));
  });
  it("shows the visitor's stored choice, else the page default, also when storage is blocked or holds junk", () => {
    expect(runChoice("dark", "system")).toBe("dark");
    expect(runChoice("system", "light")).toBe("system");
    expect(runChoice(null, "light")).toBe("light");
    expect(runChoice("<img>", "dark")).toBe("dark");
    expect(runChoice(new Error("SecurityError"), "system")).toBe("system");
  });
  it("the pattern for the app's own inline theme scripts matches them and nothing injected", () => {
    const re = new RegExp(THEME_SCRIPT_PATTERN, "s");
    expect(re.test(choiceScript(themeStorageKey("acme"), "system"))).toBe(true);
    expect(re.test('((e,i)=>{})("data-theme","hg-theme:acme","system",null,["light","dark"],null,true,true)')).toBe(true);
    expect(re.test("alert(1)")).toBe(false);
    expect(re.test(choiceScript(themeStorageKey("acme"), "system") + "alert(1)")).toBe(false);
  });
});
