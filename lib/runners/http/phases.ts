import type { TimingPhases, Timings } from "../types";
import type { HopTimes } from "./connector";

const ms = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Durations of each phase summed over the hops: wait (until a socket was asked for), dns, tcp, tls, firstByte (ready
 * socket to response headers), download (headers to the body's end). A hop on a reused connection has only the last two.
 */
export function phasesOf(hops: readonly HopTimes[], total: number): TimingPhases {
  const sum = { wait: 0, dns: 0, tcp: 0, tls: 0, firstByte: 0, download: 0 };
  for (const h of hops) {
    const response = h.response ?? h.start;
    const end = h.end ?? response;
    let ready = h.start;
    if (h.socket !== undefined && h.lookup !== undefined && h.connect !== undefined) {
      sum.wait += h.socket - h.start;
      sum.dns += h.lookup - h.socket;
      sum.tcp += h.connect - h.lookup;
      if (h.secureConnect !== undefined) sum.tls += h.secureConnect - h.connect;
      ready = h.secureConnect ?? h.connect;
    }
    sum.firstByte += response - ready;
    sum.download += end - response;
  }
  return { wait: ms(sum.wait), dns: ms(sum.dns), tcp: ms(sum.tcp), tls: ms(sum.tls), firstByte: ms(sum.firstByte), download: ms(sum.download), total: ms(total) };
}

/** Offsets from the run's start (t0) to the last hop's events. */
export function timingsOf(hops: readonly HopTimes[], t0: number): Timings | null {
  const h = hops[hops.length - 1];
  if (!h || h.response === undefined) return null;
  const at = (t: number | undefined) => (t === undefined ? null : ms(t - t0));
  return { socket: at(h.socket), lookup: at(h.lookup), connect: at(h.connect), secureConnect: at(h.secureConnect), response: ms(h.response - t0), end: ms((h.end ?? h.response) - t0) };
}
