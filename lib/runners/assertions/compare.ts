import type { AssertionComparison } from "../types";

/*
 * One comparison of §1.5 between what a run found (`actual`) and the assertion's target (always text on the wire).
 * Numbers compare numerically when both sides read as numbers; objects and arrays compare by their JSON text, and
 * containers answer HAS_KEY / HAS_VALUE / CONTAINS by their keys and members. Missing (undefined) counts as null.
 */
const NUMERIC = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?\s*$/i;

export function asNumber(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && NUMERIC.test(value)) return Number(value);
  return null;
}

const SHOWN = 200;
const brief = (text: string): string => (text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text);

export function asText(value: unknown): string {
  if (value === undefined || value === null) return "null";
  if (typeof value === "string") return value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function same(a: unknown, target: string): boolean {
  const [x, y] = [asNumber(a), asNumber(target)];
  if (x !== null && y !== null) return x === y;
  return asText(a) === target;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function isEmpty(v: unknown): boolean {
  if (v === undefined || v === null || v === "") return true;
  if (Array.isArray(v)) return v.length === 0;
  if (isObject(v)) return Object.keys(v).length === 0;
  return false;
}

function contains(v: unknown, target: string): boolean {
  if (Array.isArray(v)) return v.some((item) => same(item, target) || (typeof item === "string" && item.includes(target)));
  return asText(v).includes(target);
}

function hasValue(v: unknown, target: string): boolean {
  if (Array.isArray(v)) return v.some((item) => same(item, target));
  if (isObject(v)) return Object.values(v).some((item) => same(item, target));
  return same(v, target);
}

function ordered(v: unknown, target: string, sign: 1 | -1): string | null {
  const [x, y] = [asNumber(v), asNumber(target)];
  if (y === null) return `target ${JSON.stringify(target)} is not a number`;
  if (x === null) return `${brief(asText(v))} is not a number`;
  return sign * (x - y) > 0 ? null : `${x} is not ${sign > 0 ? "greater" : "less"} than ${y}`;
}

const verdict = (ok: boolean, why: string): string | null => (ok ? null : why);

/** null when the comparison holds, otherwise why not (one line). */
export function compare(actual: unknown, comparison: AssertionComparison, target: string): string | null {
  const shown = brief(asText(actual));
  switch (comparison) {
    case "EQUALS": return verdict(same(actual, target), `expected ${JSON.stringify(target)}, got ${shown}`);
    case "NOT_EQUALS": return verdict(!same(actual, target), `expected anything but ${JSON.stringify(target)}`);
    case "HAS_KEY": return verdict(isObject(actual) && target in actual, `no key ${JSON.stringify(target)} in ${shown}`);
    case "NOT_HAS_KEY": return verdict(!(isObject(actual) && target in actual), `key ${JSON.stringify(target)} is present`);
    case "HAS_VALUE": return verdict(hasValue(actual, target), `no value ${JSON.stringify(target)} in ${shown}`);
    case "NOT_HAS_VALUE": return verdict(!hasValue(actual, target), `value ${JSON.stringify(target)} is present`);
    case "IS_EMPTY": return verdict(isEmpty(actual), `expected empty, got ${shown}`);
    case "NOT_EMPTY": return verdict(!isEmpty(actual), "expected a value, got an empty one");
    case "GREATER_THAN": return ordered(actual, target, 1);
    case "LESS_THAN": return ordered(actual, target, -1);
    case "CONTAINS": return verdict(contains(actual, target), `${shown} does not contain ${JSON.stringify(target)}`);
    case "NOT_CONTAINS": return verdict(!contains(actual, target), `${shown} contains ${JSON.stringify(target)}`);
    case "IS_NULL": return verdict(actual === null || actual === undefined, `expected null, got ${shown}`);
    case "NOT_NULL": return verdict(actual !== null && actual !== undefined, "expected a value, got null");
    default: {
      const unknown: never = comparison;
      throw new Error(`unknown comparison ${String(unknown)}`);
    }
  }
}
