import { BlockList, isIP } from "node:net";

/*
 * Checks may reach private and loopback addresses (watching internal services is the point) but never a cloud's
 * instance metadata service, whose answers carry credentials, unless HELIOGRAPH_CHECKS_ALLOW_METADATA says so.
 * Names are refused before resolution, addresses again on what each connection actually reaches.
 */
export const METADATA_HOSTNAMES = [
  "metadata.google.internal",
  "metadata.goog",
  "metadata",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.tencentyun.com",
];

export const METADATA_ADDRESSES = [
  "169.254.169.254", // AWS, Azure, GCP, OpenStack, Oracle, DigitalOcean, Hetzner …
  "169.254.170.2", // AWS ECS task metadata and credentials
  "169.254.170.23", // AWS EKS Pod Identity
  "100.100.100.200", // Alibaba Cloud
  "192.0.0.192", // Oracle Cloud (classic)
  "fd00:ec2::254", // AWS over IPv6
  "fd00:ec2::23", // AWS EKS Pod Identity over IPv6
  "fd20:ce::254", // GCP over IPv6
];

const blocked = new BlockList();
for (const a of METADATA_ADDRESSES) blocked.addAddress(a, isIP(a) === 6 ? "ipv6" : "ipv4");

/** An IPv6 address that carries an IPv4 one (mapped ::ffff:a.b.c.d, or NAT64 64:ff9b::/96), as that IPv4 address. */
function embeddedIpv4(ip: string): string | null {
  const canonical = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  const m = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!m) return null;
  const [hi, lo] = [parseInt(m[1], 16), parseInt(m[2], 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
}

const HELP = "cloud metadata addresses are refused to checks (HELIOGRAPH_CHECKS_ALLOW_METADATA=true allows them)";

/** Why a check may not reach this host name, or null. */
export function refusedHostname(hostname: string, allowMetadata: boolean): string | null {
  if (allowMetadata) return null;
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (isIP(name.replace(/^\[|\]$/g, ""))) return refusedAddress(name, allowMetadata);
  return METADATA_HOSTNAMES.includes(name) ? `${hostname} is a cloud metadata host: ${HELP}` : null;
}

/** Why a check may not connect to this IP address, or null. */
export function refusedAddress(address: string, allowMetadata: boolean): string | null {
  if (allowMetadata) return null;
  const ip = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(ip);
  if (family === 0) return `${address} is not an IP address`;
  const v4 = family === 6 ? embeddedIpv4(ip) : ip;
  const hit = v4 ? blocked.check(v4, "ipv4") : blocked.check(ip, "ipv6");
  return hit ? `${address} is a cloud metadata address: ${HELP}` : null;
}
