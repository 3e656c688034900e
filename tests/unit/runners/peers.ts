/**
 * Loopback peers for the runners' tests: listeners on free ports, a self-signed certificate made with openssl, a TCP
 * listener that accepts late (its thread blocked, its accept queue full) and a DNS server built with dns-packet.
 */
import { execFileSync } from "node:child_process";
import dgram from "node:dgram";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Worker } from "node:worker_threads";
import dnsPacket, { type Answer, type DecodedPacket } from "dns-packet";

import type { LookupAll } from "@/lib/runners";

export async function listen(server: net.Server, host = "127.0.0.1"): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return (server.address() as net.AddressInfo).port;
}

export const close = (server: net.Server | undefined) => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

/** A certificate for localhost and 127.0.0.1, valid a day, made for this run. */
export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), "runners-cert-"));
  try {
    execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=localhost",
      "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")], { stdio: "ignore" });
    return { key: readFileSync(join(dir, "key.pem"), "utf8"), cert: readFileSync(join(dir, "cert.pem"), "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A lookup answering every name with fixed addresses, after an optional delay; it records the names asked. */
export function fixedLookup(addresses: { address: string; family: 4 | 6 }[], delayMs = 0): LookupAll & { asked: string[] } {
  const asked: string[] = [];
  const fn = async (hostname: string, family: 4 | 6) => {
    asked.push(hostname);
    if (delayMs) await delay(delayMs);
    const found = addresses.filter((a) => a.family === family);
    if (found.length === 0) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return found;
  };
  return Object.assign(fn, { asked });
}

const SLOW_ACCEPT = `
const net = require("node:net");
const { parentPort } = require("node:worker_threads");
const server = net.createServer((socket) => {
  socket.once("data", () => socket.end("HTTP/1.1 200 OK\\r\\ncontent-length: 2\\r\\nconnection: close\\r\\n\\r\\nok"));
});
server.listen({ port: 0, host: "127.0.0.1", backlog: 1 }, () => parentPort.postMessage(server.address().port));
parentPort.on("message", (ms) => {
  parentPort.postMessage("blocked");
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
});
`;

/**
 * An HTTP listener whose thread stops accepting for `ms` once told to, with filler connections taking its accept slots
 * (backlog 1: two; node reads a backlog of 0 as 511): a client's handshake then waits, so its TCP connect takes `ms`.
 */
export async function slowAcceptServer(): Promise<{ port: number; block(ms: number): Promise<void>; close(): Promise<void> }> {
  const worker = new Worker(SLOW_ACCEPT, { eval: true });
  const port = await new Promise<number>((resolve) => worker.once("message", resolve));
  const fillers: net.Socket[] = [];
  return {
    port,
    async block(ms) {
      const blocked = new Promise((resolve) => worker.once("message", resolve));
      worker.postMessage(ms);
      await blocked;
      for (let i = 0; i < 2; i++) {
        const filler = net.connect({ port, host: "127.0.0.1" });
        fillers.push(filler);
        await new Promise((resolve) => filler.once("connect", resolve));
      }
    },
    async close() {
      for (const f of fillers) f.destroy();
      await worker.terminate();
    },
  };
}

/** name → records answered for it; a name not in the zone answers NXDOMAIN, one named "refuse.test" REFUSED. */
export type Zone = Map<string, Answer[]>;

export interface LoopbackDnsServer {
  port: number;
  host: string;
  zone: Zone;
  /** questions seen, with the transport each came over */
  seen: { name: string; type: string; transport: "udp" | "tcp" }[];
  /** answer UDP questions with the TC bit and no records, so the client must retry over TCP */
  truncateUdp: boolean;
  /** answer UDP after this many ms */
  udpDelayMs: number;
  close(): Promise<void>;
}

function answer(query: DecodedPacket, server: LoopbackDnsServer, transport: "udp" | "tcp"): Buffer {
  const q = query.questions![0];
  server.seen.push({ name: q.name, type: q.type, transport });
  const records = server.zone.get(q.name.toLowerCase());
  const rcode = q.name === "refuse.test" ? 5 : records ? 0 : 3;
  const truncated = transport === "udp" && server.truncateUdp;
  const answers = truncated ? [] : (records ?? []).filter((r) => r.type === q.type || (r.type === "CNAME" && q.type !== "CNAME"));
  const flags = dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | (truncated ? dnsPacket.TRUNCATED_RESPONSE : 0) | rcode;
  return dnsPacket.encode({ type: "response", id: query.id, flags, questions: query.questions, answers });
}

/** A UDP port whose TCP twin is free too (another process may hold the TCP port of a free UDP one): both bound. */
async function bindBoth(host: string, tcp: net.Server): Promise<dgram.Socket> {
  for (let attempt = 0; ; attempt++) {
    const udp = dgram.createSocket(net.isIP(host) === 6 ? "udp6" : "udp4");
    await new Promise<void>((resolve) => udp.bind(0, host, resolve));
    const port = udp.address().port;
    const listening = await new Promise<boolean>((resolve, reject) => {
      const onError = (err: NodeJS.ErrnoException) => (err.code !== "EADDRINUSE" || attempt >= 20 ? reject(err) : resolve(false));
      tcp.once("error", onError);
      tcp.listen(port, host, () => {
        tcp.off("error", onError);
        resolve(true);
      });
    });
    if (listening) return udp;
    udp.close();
  }
}

export async function startDnsServer(host = "127.0.0.1"): Promise<LoopbackDnsServer> {
  const tcp = net.createServer((socket) => {
    let buf = Buffer.alloc(0);
    socket.on("data", (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (buf.length < 2 || buf.length < 2 + buf.readUInt16BE(0)) return;
      const out = answer(dnsPacket.decode(buf.subarray(2, 2 + buf.readUInt16BE(0))), server, "tcp");
      socket.end(Buffer.concat([Buffer.from([out.length >> 8, out.length & 255]), out]));
    });
  });
  const udp = await bindBoth(host, tcp);
  const port = udp.address().port;
  const server: LoopbackDnsServer = {
    port,
    host,
    zone: new Map(),
    seen: [],
    truncateUdp: false,
    udpDelayMs: 0,
    close: async () => {
      udp.close();
      await new Promise((resolve) => tcp.close(resolve));
    },
  };
  udp.on("message", (msg, from) => {
    const out = answer(dnsPacket.decode(msg), server, "udp");
    setTimeout(() => udp.send(out, from.port, from.address), server.udpDelayMs);
  });
  return server;
}
