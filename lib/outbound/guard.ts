import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";
import { allowListed, parseAllowList, refusedAddress, type AllowList } from "./ip";

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** A URL that passed the guard, with the one address the connection must use. */
export interface CheckedUrl {
  url: URL;
  address: string;
  family: 4 | 6;
  /** reached only because the operator's allow-list names its host or address */
  allowListed: boolean;
}

export class OutboundRefusedError extends Error {
  override name = "OutboundRefusedError";
}

// Names that resolve to the machine itself or to a local network by convention.
const LOCAL_SUFFIXES = [".localhost", ".local", ".internal", ".localdomain", ".home.arpa", ".lan"];

export interface GuardOptions {
  /** hosts and CIDRs reachable despite the guard (HELIOGRAPH_OUTBOUND_ALLOWLIST) */
  allow?: string | readonly string[];
  resolver?: Resolver;
}

export interface Guard {
  allow: AllowList;
  /** Parses and checks a URL, resolving its host and vetting every address (the same at sign-up and at send). */
  check(raw: string): Promise<CheckedUrl>;
}

function parse(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new OutboundRefusedError("is not a valid URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new OutboundRefusedError("must be an http or https URL");
  if (url.username || url.password) throw new OutboundRefusedError("must not contain a user name or password");
  if (!url.hostname) throw new OutboundRefusedError("has no host");
  return url;
}

export function createGuard(options: GuardOptions = {}): Guard {
  const allow = parseAllowList(options.allow ?? "");
  const resolver = options.resolver ?? systemResolver;

  async function check(raw: string): Promise<CheckedUrl> {
    const url = parse(raw);
    // The WHATWG parser already turned octal, hex and short IPv4 forms into dotted quads.
    const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
    const hostAllowed = allow.hosts.has(host);
    const literal = isIP(host);
    if (literal) {
      const ok = hostAllowed || allowListed(allow, host) || refusedAddress(host) === null;
      if (!ok) throw new OutboundRefusedError(`points to a private or reserved address (${host})`);
      return { url, address: host, family: literal as 4 | 6, allowListed: hostAllowed || allowListed(allow, host) };
    }
    if (!hostAllowed) {
      if (host === "localhost" || LOCAL_SUFFIXES.some((s) => host.endsWith(s))) throw new OutboundRefusedError(`points to a local host name (${host})`);
      if (!host.includes(".")) throw new OutboundRefusedError(`must use a fully qualified host name (${host})`);
    }
    let addresses: { address: string; family: number }[];
    try {
      addresses = await resolver(host);
    } catch {
      throw new OutboundRefusedError(`host ${host} cannot be resolved`);
    }
    if (addresses.length === 0) throw new OutboundRefusedError(`host ${host} cannot be resolved`);
    // Every address must pass: a name that also resolves to an internal address is refused, not raced.
    for (const a of addresses) {
      if (hostAllowed || allowListed(allow, a.address)) continue;
      const why = refusedAddress(a.address);
      if (why) throw new OutboundRefusedError(`resolves to a private or reserved address (${a.address})`);
    }
    const first = addresses[0];
    return { url, address: first.address, family: (first.family === 6 ? 6 : 4) as 4 | 6, allowListed: hostAllowed || allowListed(allow, first.address) };
  }

  return { allow, check };
}
