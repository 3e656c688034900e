import { runDns } from "./dns/run";
import { runHttp } from "./http/run";
import { runIcmp } from "./icmp/run";
import { runTcp } from "./tcp";
import type { RunOptions, RunOutcome, RunnableCheck } from "./types";

export * from "./types";
export { refusedAddress, refusedHostname, METADATA_ADDRESSES, METADATA_HOSTNAMES } from "./policy";
export { evaluateAssertions, SOURCES } from "./assertions";

/**
 * Runs one check once. A target's problem (unreachable, refused, timeout, bad TLS, NXDOMAIN, a policy refusal) is a
 * failed outcome saying why; only a programmer's error (an unknown check type) throws.
 */
export function runCheck(check: RunnableCheck, options: RunOptions): Promise<RunOutcome> {
  switch (check.checkType) {
    case "API":
    case "URL":
      return runHttp(check, options);
    case "TCP":
      return runTcp(check, options);
    case "DNS":
      return runDns(check, options);
    case "ICMP":
      return runIcmp(check, options);
    default: {
      const unknown: never = check;
      throw new Error(`runCheck: no runner for check type ${String((unknown as { checkType?: unknown }).checkType)}`);
    }
  }
}
