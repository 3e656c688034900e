import { spawn } from "node:child_process";

import { evaluateAssertions } from "../assertions";
import { TargetError, asTargetError } from "../errors";
import { familyNumber, resolveTarget, runSignal } from "../resolve";
import type { IcmpCheckResult, RunOptions, RunOutcome, RunnableIcmpCheck } from "../types";
import { DEFAULT_TIMEOUT_MS } from "../types";
import { decide, emptyDetails } from "../verdict";
import { latencyOf, parsePing } from "./parse";

/** iputils ping (Debian: iputils-ping); 0.2 s is the shortest interval it allows an unprivileged user. */
export const PING_COMMAND = "ping";
export const PING_INTERVAL_SECONDS = 0.2;
/** how long ping waits for each reply, in seconds */
export const PING_REPLY_WAIT_SECONDS = 2;
export const DEFAULT_PING_COUNT = 10;
export const DEFAULT_DEGRADED_PACKET_LOSS = 10;
export const DEFAULT_MAX_PACKET_LOSS = 20;
/** ping's own PATH and locale: its output is parsed in English whatever the server's locale. */
const PING_ENV = { PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", LANG: "C", LC_ALL: "C" };

function ping(args: string[], signal: AbortSignal): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(PING_COMMAND, args, { env: PING_ENV as unknown as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"], signal, killSignal: "SIGINT" });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    child.once("error", (err: NodeJS.ErrnoException) => {
      if (err.code === "ENOENT") reject(new TargetError("internal", `the ${PING_COMMAND} command is missing (Debian package iputils-ping)`));
      else if (err.name !== "AbortError") reject(err);
    });
    child.once("close", (code) => resolve({ stdout, stderr, code }));
  });
}

/**
 * Packet loss against the check's thresholds, each reached "at" its value as the vendor words it (loss ≥ threshold);
 * an absent threshold takes the vendor's default, a null one is off.
 */
export function judgePacketLoss(packetLoss: number, degraded: number | null | undefined, max: number | null | undefined): { implicitFailure: string | null; degradedBy: string | null } {
  const maxLoss = max === undefined ? DEFAULT_MAX_PACKET_LOSS : max;
  const degradedLoss = degraded === undefined ? DEFAULT_DEGRADED_PACKET_LOSS : degraded;
  return {
    implicitFailure: maxLoss !== null && packetLoss >= maxLoss ? `packet loss ${packetLoss}% reached the maximum of ${maxLoss}%` : null,
    degradedBy: degradedLoss !== null && packetLoss >= degradedLoss ? `packet loss ${packetLoss}%` : null,
  };
}

/** ICMP checks: pingCount echo requests through the system's ping, to the address the policy let through. */
export async function runIcmp(check: RunnableIcmpCheck, options: RunOptions): Promise<RunOutcome> {
  const startedAt = new Date();
  const request = check.request;
  const count = request.pingCount ?? DEFAULT_PING_COUNT;
  const ownBudget = Math.ceil((count * PING_INTERVAL_SECONDS + PING_REPLY_WAIT_SECONDS) * 1000) + 1000;
  const { signal, dispose } = runSignal(options, Math.max(DEFAULT_TIMEOUT_MS, ownBudget));
  let targetError: TargetError | null = null;
  let address: string | null = null;
  let family: 4 | 6 = familyNumber(request.ipFamily);
  let parsed = parsePing("");
  try {
    const target = await resolveTarget(request.hostname, family, options, signal);
    [address, family] = [target.address, target.family];
    const args = [`-${family}`, "-n", "-c", String(count), "-i", String(PING_INTERVAL_SECONDS), "-W", String(PING_REPLY_WAIT_SECONDS), target.address];
    const { stdout, stderr, code } = await ping(args, signal);
    parsed = parsePing(stdout);
    // Past the budget, ping's own summary of what it sent still stands; a cancelled run does not.
    if (signal.aborted && (parsed.transmitted === null || (signal.reason as TargetError).kind === "internal")) throw signal.reason;
    if (parsed.transmitted === null) {
      const why = stderr.trim().split("\n").pop() || `ping exited with status ${code}`;
      throw new TargetError(/permitted|permission/i.test(why) ? "internal" : "network", `ping ${target.address}: ${why}`);
    }
    if (parsed.echoes.length === 0) throw new TargetError("network", `no echo reply from ${request.hostname} (${target.address})`);
  } catch (err) {
    targetError = asTargetError(signal.aborted ? signal.reason : err, `ping ${request.hostname}`);
  } finally {
    dispose();
  }
  const sent = parsed.transmitted ?? 0;
  const received = parsed.echoes.length;
  const packetLoss = sent === 0 ? 100 : Math.round(((sent - Math.min(received, sent)) / sent) * 100000) / 1000;
  const latency = latencyOf(parsed.echoes);
  const detail = { hostname: request.hostname, address, ipFamily: family === 6 ? ("IPv6" as const) : ("IPv4" as const), packetsSent: sent, packetsReceived: received, packetLoss, latency, echoes: parsed.echoes };
  const responseTime = latency?.avg ?? 0;
  const assertions = targetError ? [] : evaluateAssertions("ICMP", request.assertions, { kind: "icmp", latency, json: detail, responseTime });
  const { implicitFailure, degradedBy } = judgePacketLoss(packetLoss, check.degradedPacketLossThreshold, check.maxPacketLossThreshold);
  const verdict = decide({ startedAt, stoppedAt: new Date(), responseTime, assertions, implicitFailure, targetError, degradedResponseTime: check.degradedResponseTime, maxResponseTime: check.maxResponseTime, shouldFail: check.shouldFail, degradedBy });
  const icmpCheckResult: IcmpCheckResult = { assertions, ...detail };
  return { startedAt, stoppedAt: new Date(), responseTime: Math.round(responseTime * 1000) / 1000, ...verdict, ...emptyDetails(), icmpCheckResult };
}
