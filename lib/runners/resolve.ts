import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";

import { TargetError, asTargetError } from "./errors";
import { refusedAddress, refusedHostname } from "./policy";
import type { IpFamily, LookupAll, RunOptions } from "./types";

export const systemLookup: LookupAll = (hostname, family) => dnsLookup(hostname, { family, all: true, verbatim: true });

export interface Target {
  address: string;
  family: 4 | 6;
}

export const familyNumber = (ipFamily: IpFamily | null | undefined): 4 | 6 => (ipFamily === "IPv6" ? 6 : 4);

/**
 * The address a check connects to: an IP literal as written (whatever ipFamily says), a name resolved in the
 * check's family. Both pass the outbound policy here, at connect time, so no later answer can swap the address.
 */
export async function resolveTarget(host: string, family: 4 | 6, options: RunOptions, signal: AbortSignal): Promise<Target> {
  const bare = host.replace(/^\[|\]$/g, "");
  const hostRefusal = refusedHostname(bare, options.allowMetadata);
  if (hostRefusal) throw new TargetError("policy", hostRefusal);
  const literal = isIP(bare);
  let target: Target;
  if (literal) target = { address: bare, family: literal as 4 | 6 };
  else {
    let found;
    try {
      found = await abortable((options.lookup ?? systemLookup)(bare, family), signal);
    } catch (err) {
      throw signal.aborted ? asTargetError(signal.reason, `resolving ${bare}`) : asTargetError(err, `could not resolve ${bare}`);
    }
    const first = found.find((a) => a.family === family) ?? found[0];
    if (!first) throw new TargetError("network", `could not resolve ${bare}: no IPv${family} address`);
    target = { address: first.address, family: first.family === 6 ? 6 : 4 };
  }
  const refusal = refusedAddress(target.address, options.allowMetadata);
  if (refusal) throw new TargetError("policy", literal ? refusal : `${bare} resolves to ${refusal}`);
  return target;
}

/** Rejects when the signal aborts, so a slow step (a lookup, a connect) ends with the run's budget. */
export function abortable<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** The run's own signal: aborts at the budget (a network failure saying so) or when the caller's signal does. */
export function runSignal(options: RunOptions, defaultMs: number): { signal: AbortSignal; timeoutMs: number; dispose(): void } {
  const timeoutMs = options.timeoutMs ?? defaultMs;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TargetError("network", `timed out after ${timeoutMs} ms`)), timeoutMs);
  const onAbort = () => controller.abort(new TargetError("internal", "the run was cancelled"));
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    timeoutMs,
    dispose: () => {
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
    },
  };
}
