import { domainToASCII } from "node:url";

/**
 * Host header parsing. Pure and total: every input gives a lower-case ASCII host name (punycode for
 * international names, brackets kept for IPv6 literals) or null, never an exception.
 */
export interface ParsedHost {
  /** lower-case, no trailing dot, no port; IPv6 literals keep their brackets, e.g. "[::1]" */
  hostname: string;
  port: number | null;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function parsePort(text: string): number | null | undefined {
  if (text === "") return null;
  if (!/^\d{1,5}$/.test(text)) return undefined;
  const n = Number(text);
  return n >= 1 && n <= 65535 ? n : undefined;
}

function parseIpv6(inner: string): string | null {
  if (!/^[0-9a-f:.]+$/i.test(inner) || !inner.includes(":")) return null;
  try {
    // The WHATWG URL parser validates and canonicalises the literal ("0:0::1" → "[::1]").
    return new URL(`http://[${inner}]/`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

function parseName(name: string): string | null {
  let host = name.endsWith(".") ? name.slice(0, -1) : name;
  if (host === "" || host.length > 253) return null;
  if (/[\x00-\x20\x7f/\\@?#%:[\]]/.test(host)) return null;
  if (/[^\x00-\x7f]/.test(host)) {
    host = domainToASCII(host);
    if (host === "") return null;
  }
  host = host.toLowerCase();
  if (host.length > 253) return null;
  const ipv4 = IPV4.exec(host);
  if (ipv4) return ipv4.slice(1).every((o) => Number(o) <= 255) ? host : null;
  return host.split(".").every((label) => LABEL.test(label)) ? host : null;
}

/*
 * Every request's Host is parsed, and a server sees few distinct ones (its own, its pages' custom domains): the
 * answers are kept by the raw value (a cached badge is answered in ~30 µs, of which parsing took ~2 %). Frozen,
 * since they are shared. Bounded: cleared whole when full (a scan of made-up hosts only costs the parse again).
 */
const PARSED_MAX = 1_000;
const parsed = new Map<string, Readonly<ParsedHost> | null>();

export function parseHost(raw: string | null | undefined): Readonly<ParsedHost> | null {
  if (typeof raw !== "string") return null;
  let result = parsed.get(raw);
  if (result === undefined) {
    if (parsed.size >= PARSED_MAX) parsed.clear();
    const fresh = parseHostText(raw);
    parsed.set(raw, (result = fresh && Object.freeze(fresh)));
  }
  return result;
}

function parseHostText(raw: string): ParsedHost | null {
  const text = raw.trim();
  if (text === "" || text.length > 300) return null;
  if (text.startsWith("[")) {
    const close = text.indexOf("]");
    if (close < 0) return null;
    const hostname = parseIpv6(text.slice(1, close));
    const rest = text.slice(close + 1);
    if (!hostname || (rest !== "" && !rest.startsWith(":"))) return null;
    const port = rest === "" ? null : parsePort(rest.slice(1));
    return port === undefined ? null : { hostname, port };
  }
  const colon = text.lastIndexOf(":");
  if (colon >= 0 && text.indexOf(":") !== colon) return null; // a bare IPv6 literal is not a valid Host
  const port = colon >= 0 ? parsePort(text.slice(colon + 1)) : null;
  if (port === undefined) return null;
  const hostname = parseName(colon >= 0 ? text.slice(0, colon) : text);
  return hostname ? { hostname, port } : null;
}

/**
 * The host the visitor asked for. X-Forwarded-Host is believed only behind a trusted proxy; a list
 * there names the original host first.
 */
export function requestHost(headers: { host: string | null; forwardedHost: string | null }, trustProxy: boolean): ParsedHost | null {
  if (trustProxy && headers.forwardedHost) return parseHost(headers.forwardedHost.split(",")[0]);
  return parseHost(headers.host);
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isLoopback(hostname: string): boolean {
  return LOOPBACK.has(hostname);
}
