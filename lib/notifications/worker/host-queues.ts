import type { Claimed } from "./claim-queries";

/**
 * Deliveries a worker claimed and has not started yet, per destination host. Claiming a few rounds ahead lets one
 * claim transaction feed many sends (one per delivery was the worker's main cost); each host still has at most its
 * limit in flight. How far ahead follows the host's pace, so a slow host's rows do not wait out their lease here.
 */
export class HostQueues {
  private waiting = new Map<string, { claimed: Claimed; at: number }[]>();
  private inFlight = new Map<string, number>();
  private paceMs = new Map<string, number>();
  private rotation = 0;

  constructor(
    private readonly o: { leaseMs: number; timeoutMs: number; batchSize: number; limit: (host: string) => number },
  ) {}

  get queued(): number {
    let n = 0;
    for (const w of this.waiting.values()) n += w.length;
    return n;
  }

  running(host: string): number {
    return this.inFlight.get(host) ?? 0;
  }

  held(host: string): number {
    return this.running(host) + (this.waiting.get(host)?.length ?? 0);
  }

  /** Rows to hold beyond those in flight: whole rounds of the host's limit that finish within a quarter lease, at most a batch. */
  ahead(host: string): number {
    const pace = this.paceMs.get(host) ?? this.o.timeoutMs;
    const rounds = Math.min(8, Math.floor(this.o.leaseMs / 4 / Math.max(1, pace)));
    return Math.min(this.o.batchSize, this.o.limit(host) * rounds);
  }

  /** How many more rows of this host a claim may take. */
  room(host: string): number {
    return this.o.limit(host) + this.ahead(host) - this.held(host);
  }

  /** Hosts a claim should skip: held to their limit and beyond. */
  full(): string[] {
    const hosts = new Set([...this.inFlight.keys(), ...this.waiting.keys()]);
    return [...hosts].filter((h) => this.room(h) <= 0);
  }

  /**
   * Some host with work is down to half of what it may hold ahead (at least its last round): time to claim again.
   * Claiming only at the last round left a fast host idle for every claim's round trips (measured on PostgreSQL:
   * the worker waited more than half the time); at half, the next rows arrive while the held ones are sent.
   */
  hungry(): boolean {
    for (const [h, w] of this.waiting) if (w.length < Math.max(this.o.limit(h), this.ahead(h) / 2)) return true;
    for (const h of this.inFlight.keys()) if (!this.waiting.has(h)) return true;
    return false;
  }

  add(claimed: Claimed, at: number): void {
    const host = claimed.delivery.host;
    const w = this.waiting.get(host);
    if (w) w.push({ claimed, at });
    else this.waiting.set(host, [{ claimed, at }]);
  }

  /**
   * The next deliveries to start, hosts taken in turn, at most `free`. A row that waited half its lease is
   * dropped, not sent: its lease may run out mid-send and another worker take it (it is sent then, with the same key).
   */
  take(free: number, now: number): Claimed[] {
    const out: Claimed[] = [];
    const hosts = [...this.waiting.keys()];
    for (let i = 0; i < hosts.length && out.length < free; i++) {
      const host = hosts[(this.rotation + i) % hosts.length];
      const w = this.waiting.get(host)!;
      while (w.length > 0 && out.length < free && this.running(host) < this.o.limit(host)) {
        const next = w.shift()!;
        if (now - next.at > this.o.leaseMs / 2) continue;
        this.inFlight.set(host, this.running(host) + 1);
        out.push(next.claimed);
      }
      if (w.length === 0) this.waiting.delete(host);
    }
    this.rotation++;
    return out;
  }

  /** A delivery ended after `ms`: frees its slot and updates the host's pace. */
  done(host: string, ms: number): void {
    const left = this.running(host) - 1;
    if (left > 0) this.inFlight.set(host, left);
    else this.inFlight.delete(host);
    const pace = this.paceMs.get(host);
    this.paceMs.delete(host);
    // Re-inserted so the oldest-paced hosts are first out when the map is trimmed.
    this.paceMs.set(host, pace === undefined ? ms : pace * 0.9 + ms * 0.1);
    if (this.paceMs.size > 10_000) this.paceMs.delete(this.paceMs.keys().next().value!);
  }

  /** Everything claimed but not started, emptied (a stopping worker hands them back). */
  drop(): Claimed[] {
    const all = [...this.waiting.values()].flat().map((w) => w.claimed);
    this.waiting.clear();
    return all;
  }
}
