import type { IcmpEcho } from "../types";

export interface PingOutput {
  echoes: IcmpEcho[];
  /** from ping's summary line; null when it printed none (killed, or failed before sending) */
  transmitted: number | null;
  received: number | null;
}

const ECHO = /^\d+ bytes from .+?: icmp_seq=(\d+)(?: ttl=(\d+))?(?: time[=<]([\d.]+) ms)?/i;
const SUMMARY = /(\d+) packets transmitted, (\d+) (?:packets )?received/;

/** iputils ping's output under LANG=C: one line per echo reply (duplicates dropped), and the summary's counts. */
export function parsePing(stdout: string): PingOutput {
  const echoes: IcmpEcho[] = [];
  const seen = new Set<number>();
  let transmitted: number | null = null;
  let received: number | null = null;
  for (const line of stdout.split(/\r?\n/)) {
    const echo = ECHO.exec(line.trim());
    if (echo && echo[3] !== undefined && !line.includes("DUP!")) {
      const sequence = Number(echo[1]);
      if (seen.has(sequence)) continue;
      seen.add(sequence);
      echoes.push({ sequence, ttl: echo[2] === undefined ? null : Number(echo[2]), time: Number(echo[3]) });
      continue;
    }
    const summary = SUMMARY.exec(line);
    if (summary) [transmitted, received] = [Number(summary[1]), Number(summary[2])];
  }
  return { echoes, transmitted, received };
}

const r3 = (n: number) => Math.round(n * 1000) / 1000;

/** min/avg/max and the population standard deviation (ping's mdev) of the reply times. */
export function latencyOf(echoes: readonly IcmpEcho[]): { avg: number; min: number; max: number; stdDev: number } | null {
  if (echoes.length === 0) return null;
  const times = echoes.map((e) => e.time);
  const avg = times.reduce((a, b) => a + b, 0) / times.length;
  const variance = times.reduce((a, t) => a + (t - avg) ** 2, 0) / times.length;
  return { avg: r3(avg), min: r3(Math.min(...times)), max: r3(Math.max(...times)), stdDev: r3(Math.sqrt(variance)) };
}
