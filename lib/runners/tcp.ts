import net from "node:net";

import { evaluateAssertions } from "./assertions";
import { TargetError, asTargetError } from "./errors";
import { familyNumber, resolveTarget, runSignal } from "./resolve";
import type { RunOptions, RunOutcome, RunnableTcpCheck, TcpCheckResult } from "./types";
import { DEFAULT_TIMEOUT_MS, MAX_TCP_RESPONSE_BYTES } from "./types";
import { decide, emptyDetails } from "./verdict";

/** After the last byte, this long without another one ends the read (a peer that keeps the connection open). */
export const TCP_IDLE_MS = 1000;

interface Read {
  data: Buffer;
  lastByteAt: number;
}

/** Reads until the peer closes, falls silent for TCP_IDLE_MS, or MAX_TCP_RESPONSE_BYTES have come. */
function readResponse(socket: net.Socket, signal: AbortSignal, idleMs: number): Promise<Read> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let lastByteAt = performance.now();
    let idle = setTimeout(() => done(), idleMs);
    const done = (err?: unknown) => {
      clearTimeout(idle);
      socket.off("data", onData).off("end", onEnd).off("error", onError);
      signal.removeEventListener("abort", onAbort);
      if (err !== undefined) reject(err);
      else resolve({ data: Buffer.concat(chunks).subarray(0, MAX_TCP_RESPONSE_BYTES), lastByteAt });
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      lastByteAt = performance.now();
      clearTimeout(idle);
      if (size >= MAX_TCP_RESPONSE_BYTES) return done();
      idle = setTimeout(() => done(), idleMs);
    };
    const onEnd = () => done();
    const onError = (err: Error) => done(err);
    const onAbort = () => done(signal.reason);
    socket.on("data", onData).once("end", onEnd).once("error", onError);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

function connectTo(address: string, port: number, family: 4 | 6, signal: AbortSignal): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port, family });
    const onAbort = () => {
      socket.destroy();
      reject(signal.reason);
    };
    socket.once("connect", () => {
      signal.removeEventListener("abort", onAbort);
      socket.off("error", reject);
      resolve(socket);
    });
    socket.once("error", (err) => {
      signal.removeEventListener("abort", onAbort);
      reject(err);
    });
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** TCP checks: connect (the response time), send `data` when given, read what the peer answers when anything asks for it. */
export async function runTcp(check: RunnableTcpCheck, options: RunOptions, idleMs = TCP_IDLE_MS): Promise<RunOutcome> {
  const startedAt = new Date();
  const { signal, dispose } = runSignal(options, DEFAULT_TIMEOUT_MS);
  const { hostname, port } = check.request;
  const payload = check.request.data ?? check.request.body ?? null;
  const reads = payload !== null || (check.request.assertions ?? []).some((a) => a.source === "RESPONSE_DATA");
  let targetError: TargetError | null = null;
  let address: string | null = null;
  let connectionTime: number | null = null;
  let totalTime: number | null = null;
  let response = "";
  const t0 = performance.now();
  let socket: net.Socket | null = null;
  try {
    const target = await resolveTarget(hostname, familyNumber(check.request.ipFamily), options, signal);
    address = target.address;
    const tc = performance.now();
    try {
      socket = await connectTo(target.address, port, target.family, signal);
    } catch (err) {
      throw asTargetError(signal.aborted ? signal.reason : err, `connect to ${hostname}:${port} (${target.address})`);
    }
    const connected = performance.now();
    connectionTime = connected - tc;
    if (reads) {
      const reading = readResponse(socket, signal, idleMs);
      if (payload !== null) socket.write(payload);
      try {
        const read = await reading;
        response = read.data.toString("utf8");
        totalTime = (read.data.length > 0 ? read.lastByteAt : performance.now()) - connected;
      } catch (err) {
        throw asTargetError(signal.aborted ? signal.reason : err, `reading from ${hostname}:${port}`);
      }
    }
  } catch (err) {
    targetError = asTargetError(err, `${hostname}:${port}`);
  } finally {
    dispose();
    socket?.destroy();
  }
  const responseTime = Math.round(connectionTime ?? performance.now() - t0);
  const assertions = targetError ? [] : evaluateAssertions("TCP", check.request.assertions, { kind: "tcp", data: response, responseTime });
  const verdict = decide({ startedAt, stoppedAt: new Date(), responseTime, assertions, implicitFailure: null, targetError, degradedResponseTime: check.degradedResponseTime, maxResponseTime: check.maxResponseTime, shouldFail: check.shouldFail });
  const round = (n: number | null) => (n === null ? null : Math.round(n * 1000) / 1000);
  const tcpCheckResult: TcpCheckResult = { assertions, hostname, address, port, response, connectionTime: round(connectionTime), totalTime: round(totalTime) };
  return { startedAt, stoppedAt: new Date(), responseTime, ...verdict, ...emptyDetails(), tcpCheckResult };
}
