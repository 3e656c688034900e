import { randomInt } from "node:crypto";
import dgram from "node:dgram";
import dns from "node:dns";
import net from "node:net";
import dnsPacket, { type DecodedPacket as Packet } from "dns-packet";

import { evaluateAssertions } from "../assertions";
import { TargetError, asTargetError } from "../errors";
import { resolveTarget, runSignal } from "../resolve";
import type { DnsCheckResult, DnsRequest, RunOptions, RunOutcome, RunnableDnsCheck } from "../types";
import { DEFAULT_TIMEOUT_MS } from "../types";
import { decide, emptyDetails } from "../verdict";
import { asText, toAnswer } from "./format";

/** A name server as written (`1.1.1.1`, `1.1.1.1:53`, `[::1]:5353`, `dns.google:53`) with the check's port winning. */
export function parseNameServer(spec: string, port?: number | null): { host: string; port: number } {
  const s = spec.trim();
  let host = s;
  let written: number | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(s);
  if (bracketed) [host, written] = [bracketed[1], bracketed[2] ? Number(bracketed[2]) : undefined];
  else if (net.isIP(s) !== 6) {
    const m = /^(.*):(\d+)$/.exec(s);
    if (m) [host, written] = [m[1], Number(m[2])];
  }
  return { host, port: port ?? written ?? 53 };
}

/** The check's name server, or the first of the system's resolvers (node:dns getServers()). */
export function nameServerOf(request: DnsRequest): { host: string; port: number } {
  if (request.nameServer) return parseNameServer(request.nameServer, request.port);
  const first = dns.getServers()[0];
  if (!first) throw new TargetError("internal", "no name server is configured on this system");
  return parseNameServer(first, request.port);
}

function abortOn<T>(signal: AbortSignal, cleanup: () => void, body: (resolve: (v: T) => void, reject: (e: unknown) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => finish(() => reject(signal.reason));
    const finish = (then: () => void) => {
      signal.removeEventListener("abort", onAbort);
      cleanup();
      then();
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    body((v) => finish(() => resolve(v)), (e) => finish(() => reject(e)));
  });
}

function overUdp(query: Buffer, id: number, address: string, port: number, family: 4 | 6, signal: AbortSignal): Promise<Packet> {
  const socket = dgram.createSocket(family === 6 ? "udp6" : "udp4");
  return abortOn<Packet>(signal, () => socket.close(), (resolve, reject) => {
    socket.on("error", reject);
    socket.on("message", (msg, from) => {
      if (from.port !== port || from.address.replace(/^::ffff:/, "") !== address.replace(/^::ffff:/, "")) return;
      try {
        const packet = dnsPacket.decode(msg);
        if (packet.id === id) resolve(packet);
      } catch {
        // a datagram that is not a DNS answer is not ours: keep waiting
      }
    });
    socket.send(query, port, address, (err) => err && reject(err));
  });
}

function overTcp(query: Buffer, address: string, port: number, family: 4 | 6, signal: AbortSignal): Promise<Packet> {
  const socket = net.connect({ host: address, port, family });
  return abortOn<Packet>(signal, () => socket.destroy(), (resolve, reject) => {
    let buf = Buffer.alloc(0);
    socket.on("error", reject);
    socket.on("connect", () => socket.write(Buffer.concat([Buffer.from([query.length >> 8, query.length & 255]), query])));
    socket.on("data", (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
        try {
          resolve(dnsPacket.decode(buf.subarray(2, 2 + buf.readUInt16BE(0))));
        } catch (err) {
          reject(new TargetError("network", `malformed DNS answer: ${(err as Error).message}`));
        }
      }
    });
    socket.on("end", () => reject(new TargetError("network", "the name server closed the connection without an answer")));
  });
}

/** DNS checks: one question to the name server over UDP (TCP when asked, or when the UDP answer is truncated). */
export async function runDns(check: RunnableDnsCheck, options: RunOptions): Promise<RunOutcome> {
  const startedAt = new Date();
  const { signal, dispose } = runSignal(options, DEFAULT_TIMEOUT_MS);
  const request = check.request;
  let protocol = request.protocol ?? "UDP";
  let server = { host: request.nameServer ?? "", port: request.port ?? 53 };
  let packet: Packet | null = null;
  let targetError: TargetError | null = null;
  const t0 = performance.now();
  let sentAt = t0;
  try {
    server = nameServerOf(request);
    const target = await resolveTarget(server.host, net.isIP(server.host) === 6 ? 6 : 4, options, signal);
    const id = randomInt(0, 65536);
    const type = (request.recordType === "HTTPS" ? "UNKNOWN_65" : request.recordType) as "A";
    const query = dnsPacket.encode({ type: "query", id, flags: dnsPacket.RECURSION_DESIRED, questions: [{ type, name: request.query, class: "IN" }] });
    sentAt = performance.now();
    const at = `${request.query} ${request.recordType} @${server.host}:${server.port}/${protocol}`;
    try {
      packet = protocol === "TCP" ? await overTcp(query, target.address, server.port, target.family, signal) : await overUdp(query, id, target.address, server.port, target.family, signal);
      if (protocol === "UDP" && packet.flags !== undefined && packet.flags & dnsPacket.TRUNCATED_RESPONSE) {
        protocol = "TCP";
        packet = await overTcp(query, target.address, server.port, target.family, signal);
      }
    } catch (err) {
      throw asTargetError(signal.aborted ? signal.reason : err, at);
    }
  } catch (err) {
    targetError = asTargetError(err, `${request.query} ${request.recordType}`);
  } finally {
    dispose();
  }
  const responseTime = Math.round(performance.now() - (packet ? sentAt : t0));
  const answers = (packet?.answers ?? []).map(toAnswer);
  const flags = packet ? { aa: Boolean(packet.flag_aa), tc: Boolean(packet.flag_tc), rd: Boolean(packet.flag_rd), ra: Boolean(packet.flag_ra) } : null;
  const rcode = packet ? ((packet as { rcode?: string }).rcode ?? "NOERROR") : null;
  const detail = {
    query: request.query,
    recordType: request.recordType,
    nameServer: server.host,
    port: server.port,
    protocol,
    rcode,
    flags,
    answers,
    authorities: (packet?.authorities ?? []).map(toAnswer),
    additionals: (packet?.additionals ?? []).filter((a) => a.type !== "OPT").map(toAnswer),
    text: asText(answers),
  };
  const assertions = targetError ? [] : evaluateAssertions("DNS", request.assertions, { kind: "dns", rcode, text: detail.text, json: detail, responseTime });
  const coversCode = (request.assertions ?? []).some((a) => a.source === "RESPONSE_CODE");
  const implicitFailure = !targetError && !coversCode && rcode !== "NOERROR" ? `the name server answered ${rcode}` : null;
  const verdict = decide({ startedAt, stoppedAt: new Date(), responseTime, assertions, implicitFailure, targetError, degradedResponseTime: check.degradedResponseTime, maxResponseTime: check.maxResponseTime, shouldFail: check.shouldFail });
  const dnsCheckResult: DnsCheckResult = { assertions, ...detail };
  return { startedAt, stoppedAt: new Date(), responseTime, ...verdict, ...emptyDetails(), dnsCheckResult };
}
