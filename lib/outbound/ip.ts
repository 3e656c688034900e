import { BlockList, isIP } from "node:net";

/*
 * Only globally routable unicast addresses may be reached. IPv6 must be in 2000::/3 and outside the
 * ranges that tunnel or translate to IPv4 (6to4, Teredo, NAT64) or are reserved; IPv4-mapped forms are refused outright.
 */
const v4Blocked: [string, number][] = [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.88.99.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15],
  ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
];
const v6Blocked: [string, number][] = [
  ["2001::", 23], ["2001:db8::", 32], ["2002::", 16], ["2001:10::", 28], ["2001:20::", 28], ["64:ff9b::", 96], ["64:ff9b:1::", 48],
];

const blocked = new BlockList();
for (const [net, prefix] of v4Blocked) blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of v6Blocked) blocked.addSubnet(net, prefix, "ipv6");
const globalUnicast6 = new BlockList();
globalUnicast6.addSubnet("2000::", 3, "ipv6");

/*
 * Verdicts by address: every delivery is checked again at send, and node's BlockList builds a SocketAddress
 * per check (profiled: about 8 µs each, 2-3 per webhook). The lists never change after start-up, so a verdict
 * is kept; bounded, cleared whole when full.
 */
const VERDICTS_LIMIT = 4096;
function memo<T>(compute: (address: string) => T): (address: string) => T {
  const cache = new Map<string, T>();
  return (address) => {
    if (cache.has(address)) return cache.get(address) as T;
    if (cache.size >= VERDICTS_LIMIT) cache.clear();
    const v = compute(address);
    cache.set(address, v);
    return v;
  };
}

/** Why an address must not be reached, or null when it is a public unicast address. */
export const refusedAddress = memo(refusal);

function refusal(address: string): string | null {
  const ip = address.replace(/^\[|\]$/g, "");
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, "ipv4") ? `${ip} is not a public address` : null;
  if (family === 6) {
    if (/^(0{0,4}:){0,5}:?ffff:/i.test(ip) || /^::ffff:/i.test(ip)) return `${ip} is an IPv4-mapped address`;
    if (!globalUnicast6.check(ip, "ipv6")) return `${ip} is not a public address`;
    return blocked.check(ip, "ipv6") ? `${ip} is not a public address` : null;
  }
  return `${address} is not an IP address`;
}

/** An allow-list of hosts and CIDRs, as HELIOGRAPH_OUTBOUND_ALLOWLIST spells it (comma-separated). */
export interface AllowList {
  hosts: Set<string>;
  cidrs: BlockList;
  /** IPs and CIDRs as written, for request-filtering-agent's own check */
  ipEntries: string[];
}

export function parseAllowList(spec: string | readonly string[]): AllowList {
  const list = parsedAllowList(spec);
  verdicts.set(list, memo((address) => inCidrs(list, address)));
  return list;
}

const verdicts = new WeakMap<AllowList, (address: string) => boolean>();

function parsedAllowList(spec: string | readonly string[]): AllowList {
  const entries = (typeof spec === "string" ? spec.split(",") : spec).map((s) => s.trim().toLowerCase()).filter(Boolean);
  const hosts = new Set<string>();
  const cidrs = new BlockList();
  const ipEntries: string[] = [];
  for (const entry of entries) {
    const [net, prefix] = entry.split("/");
    const family = isIP(net);
    if (family === 0) {
      hosts.add(entry.replace(/\.$/, ""));
      continue;
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
    if (!Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)) continue;
    cidrs.addSubnet(net, bits, type);
    ipEntries.push(entry);
  }
  return { hosts, cidrs, ipEntries };
}

export function allowListed(list: AllowList, address: string): boolean {
  return (verdicts.get(list) ?? ((a: string) => inCidrs(list, a)))(address);
}

function inCidrs(list: AllowList, address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, "");
  const family = isIP(ip);
  if (family === 0) return false;
  return list.cidrs.check(ip, family === 4 ? "ipv4" : "ipv6");
}
