import type { Answer } from "dns-packet";

import type { DnsAnswer } from "../types";

const dotted = (name: string) => (name === "" || name === "." ? "." : `${name.replace(/\.$/, "")}.`);

function txt(data: unknown): string {
  const parts = Array.isArray(data) ? data : [data];
  const quote = (t: string) => `"${t.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  return parts.map((p) => quote(Buffer.isBuffer(p) ? p.toString("utf8") : String(p))).join(" ");
}

/** RFC 9460 SvcParams by number, in presentation form. */
const SVC_KEYS: Record<number, string> = { 0: "mandatory", 1: "alpn", 2: "no-default-alpn", 3: "port", 4: "ipv4hint", 5: "ech", 6: "ipv6hint" };

function readName(buf: Buffer, offset: number): [string, number] {
  const labels: string[] = [];
  let at = offset;
  while (at < buf.length && buf[at] !== 0) {
    const len = buf[at];
    labels.push(buf.subarray(at + 1, at + 1 + len).toString("ascii"));
    at += 1 + len;
  }
  return [labels.length ? `${labels.join(".")}.` : ".", at + 1];
}

function svcValue(key: number, v: Buffer): string {
  const list = (size: number, read: (at: number) => string) => Array.from({ length: Math.floor(v.length / size) }, (_, i) => read(i * size)).join(",");
  switch (key) {
    case 0: return list(2, (at) => SVC_KEYS[v.readUInt16BE(at)] ?? `key${v.readUInt16BE(at)}`);
    case 1: {
      const ids: string[] = [];
      for (let at = 0; at < v.length; at += 1 + v[at]) ids.push(v.subarray(at + 1, at + 1 + v[at]).toString("ascii"));
      return `"${ids.join(",")}"`;
    }
    case 3: return String(v.readUInt16BE(0));
    case 4: return list(4, (at) => Array.from(v.subarray(at, at + 4)).join("."));
    case 6: return list(16, (at) => new URL(`http://[${Array.from({ length: 8 }, (_, i) => v.readUInt16BE(at + i * 2).toString(16)).join(":")}]/`).hostname.slice(1, -1));
    default: return v.toString("base64");
  }
}

/** An HTTPS (SVCB, type 65) record's rdata in presentation form: `1 . alpn="h2,h3" ipv4hint=192.0.2.1`. */
export function formatSvcb(rdata: Buffer): string {
  const priority = rdata.readUInt16BE(0);
  const [target, after] = readName(rdata, 2);
  const params: string[] = [];
  for (let at = after; at + 4 <= rdata.length; ) {
    const key = rdata.readUInt16BE(at);
    const len = rdata.readUInt16BE(at + 2);
    const value = rdata.subarray(at + 4, at + 4 + len);
    const name = SVC_KEYS[key] ?? `key${key}`;
    params.push(key === 2 ? name : `${name}=${svcValue(key, value)}`);
    at += 4 + len;
  }
  return [String(priority), target, ...params].join(" ");
}

/** One record's data as dig prints it. */
export function recordData(a: Answer): string {
  const data = (a as { data?: unknown }).data;
  switch (a.type) {
    case "A": case "AAAA": return String(data);
    case "CNAME": case "NS": case "PTR": case "DNAME": return dotted(String(data));
    case "MX": { const mx = data as { preference: number; exchange: string }; return `${mx.preference} ${dotted(mx.exchange)}`; }
    case "TXT": return txt(data);
    case "SOA": {
      const s = data as { mname: string; rname: string; serial: number; refresh: number; retry: number; expire: number; minimum: number };
      return `${dotted(s.mname)} ${dotted(s.rname)} ${s.serial} ${s.refresh} ${s.retry} ${s.expire} ${s.minimum}`;
    }
    default: {
      const raw = Buffer.isBuffer(data) ? data : Buffer.alloc(0);
      if ((a.type as string) === "UNKNOWN_65" && raw.length >= 3) return formatSvcb(raw);
      return `\\# ${raw.length} ${raw.toString("hex")}`.trim();
    }
  }
}

const typeName = (type: string) => (type === "UNKNOWN_65" ? "HTTPS" : type.replace(/^UNKNOWN_/, "TYPE"));

export function toAnswer(a: Answer): DnsAnswer {
  const rr = a as { name: string; type: string; class?: string; ttl?: number };
  return { name: dotted(rr.name), type: typeName(rr.type), class: rr.class ?? "IN", ttl: rr.ttl ?? 0, data: recordData(a) };
}

/** Records as dig prints an answer section, one a line. */
export const asText = (answers: readonly DnsAnswer[]) => answers.map((a) => `${a.name}\t${a.ttl}\t${a.class}\t${a.type}\t${a.data}`).join("\n");
