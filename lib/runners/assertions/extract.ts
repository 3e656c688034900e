import { JSONPath } from "jsonpath-plus";

import type { Assertion, AssertionSource } from "../types";

/** What a run produced, per protocol: the values assertions read. */
export type Subject =
  | { kind: "http"; status: number; headers: Record<string, string>; body: string; responseTime: number }
  | { kind: "tcp"; data: string; responseTime: number }
  | { kind: "dns"; rcode: string | null; text: string; json: unknown; responseTime: number }
  | { kind: "icmp"; latency: Record<"avg" | "min" | "max" | "stdDev", number> | null; json: unknown; responseTime: number };

export class ExtractError extends Error {}

/** A JSON path's matches: none is undefined, one is its value, several are an array. */
export function jsonPath(json: unknown, property: string): unknown {
  const path = property === "" ? "$" : property.startsWith("$") ? property : `$.${property}`;
  let found: unknown[];
  try {
    found = JSONPath({ path, json: json as object, wrap: true, eval: "safe" }) as unknown[];
  } catch (err) {
    throw new ExtractError(`invalid JSON path ${JSON.stringify(property)}: ${(err as Error).message}`);
  }
  if (!Array.isArray(found) || found.length === 0) return undefined;
  return found.length === 1 ? found[0] : found;
}

/** The first capture group of a pattern (the whole match when it has none); undefined when it does not match. */
export function extractRegex(value: unknown, pattern: string): unknown {
  let re: RegExp;
  try {
    re = new RegExp(pattern);
  } catch (err) {
    throw new ExtractError(`invalid regular expression ${JSON.stringify(pattern)}: ${(err as Error).message}`);
  }
  if (value === undefined || value === null) return undefined;
  const m = re.exec(typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value));
  return m ? (m[1] ?? m[0]) : undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new ExtractError("the body is not JSON");
  }
}

/** Text sources (TEXT_BODY, RESPONSE_DATA, TEXT_ANSWER) take a pattern in `regex`, or in `property` as the CLI writes it. */
const TEXT_SOURCES = new Set<AssertionSource>(["TEXT_BODY", "RESPONSE_DATA", "TEXT_ANSWER"]);

function raw(source: AssertionSource, property: string, subject: Subject): unknown {
  switch (`${subject.kind}:${source}`) {
    case "http:STATUS_CODE": return (subject as { status: number }).status;
    case "http:HEADERS": {
      const headers = (subject as { headers: Record<string, string> }).headers;
      return property === "" ? headers : headers[property.toLowerCase()];
    }
    case "http:TEXT_BODY": return (subject as { body: string }).body;
    case "http:JSON_BODY": return jsonPath(parseJson((subject as { body: string }).body), property);
    case "tcp:RESPONSE_DATA": return (subject as { data: string }).data;
    case "dns:RESPONSE_CODE": return (subject as { rcode: string | null }).rcode;
    case "dns:TEXT_ANSWER": return (subject as { text: string }).text;
    case "dns:JSON_ANSWER": return jsonPath((subject as { json: unknown }).json, property);
    case "icmp:JSON_RESPONSE": return jsonPath((subject as { json: unknown }).json, property);
    case "icmp:LATENCY": {
      const key = property === "" ? "avg" : property;
      if (!["avg", "min", "max", "stdDev"].includes(key)) throw new ExtractError(`LATENCY property must be avg, min, max or stdDev, not ${JSON.stringify(property)}`);
      const latency = (subject as { latency: Record<string, number> | null }).latency;
      return latency ? latency[key] : null;
    }
    default:
      if (source === "RESPONSE_TIME" && subject.kind !== "icmp") return subject.responseTime;
      throw new ExtractError(`${source} is not an assertion source of this check type`);
  }
}

/** The value an assertion compares: its source, narrowed by property, then by the pattern when one is given. */
export function extract(assertion: Assertion, subject: Subject): unknown {
  const property = assertion.property ?? "";
  const pattern = assertion.regex || (TEXT_SOURCES.has(assertion.source) ? property : "");
  const value = raw(assertion.source, TEXT_SOURCES.has(assertion.source) ? "" : property, subject);
  return pattern ? extractRegex(value, pattern) : value;
}
