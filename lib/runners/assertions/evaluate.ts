import type { Assertion, AssertionOutcome, AssertionSource, RunnableCheck } from "../types";
import { compare } from "./compare";
import { ExtractError, extract, type Subject } from "./extract";

/** The sources §1.5 gives each check type. */
export const SOURCES: Record<RunnableCheck["checkType"], readonly AssertionSource[]> = {
  API: ["STATUS_CODE", "JSON_BODY", "HEADERS", "TEXT_BODY", "RESPONSE_TIME"],
  URL: ["STATUS_CODE"],
  TCP: ["RESPONSE_DATA", "RESPONSE_TIME"],
  DNS: ["RESPONSE_TIME", "RESPONSE_CODE", "TEXT_ANSWER", "JSON_ANSWER"],
  ICMP: ["LATENCY", "JSON_RESPONSE"],
};

/** Every assertion of a run, each with what it found and, when it failed, why. */
export function evaluateAssertions(
  checkType: RunnableCheck["checkType"],
  assertions: readonly Assertion[] | undefined,
  subject: Subject,
): AssertionOutcome[] {
  return (assertions ?? []).map((a) => {
    const target = a.target === undefined || a.target === null ? "" : String(a.target);
    const base = { source: a.source, property: a.property ?? "", comparison: a.comparison, target, regex: a.regex ?? null };
    if (!SOURCES[checkType].includes(a.source)) return { ...base, actual: null, error: `${a.source} is not an assertion source of ${checkType} checks` };
    let actual: unknown;
    try {
      actual = extract(a, subject);
    } catch (err) {
      if (!(err instanceof ExtractError)) throw err;
      return { ...base, actual: null, error: err.message };
    }
    const error = compare(actual, a.comparison, target);
    const shown = actual === undefined ? null : actual;
    return error === null ? { ...base, actual: shown } : { ...base, actual: shown, error };
  });
}
