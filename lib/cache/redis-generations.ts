import type Redis from "ioredis";
import { MemoryGenerationStore, type GenerationStore } from "./generations";

/**
 * Tag generations shared by every instance through Redis. One script takes the next global sequence,
 * records it for each tag and publishes the bump, atomically, so every instance hears bumps in
 * sequence order. Reads are local (a mirror kept current by the subscription): no round trip per request.
 */
const BUMP_SCRIPT = `
local seq = redis.call('INCR', KEYS[1])
for i = 2, #ARGV do redis.call('HSET', KEYS[2], ARGV[i], seq) end
redis.call('PUBLISH', ARGV[1], seq .. ' ' .. table.concat(ARGV, ' ', 2))
return seq`;

export interface RedisGenerationOptions {
  url: string;
  /** key prefix, so several deployments (or test runs) can share one Redis */
  prefix: string;
  /** a bump that Redis does not confirm within this long is applied locally and retried */
  commandTimeoutMs?: number;
  onError?: (err: unknown, where: string) => void;
}

export class RedisGenerationStore implements GenerationStore {
  private readonly local = new MemoryGenerationStore();
  private readonly listeners = new Set<(tags: readonly string[]) => void>();
  /** tags bumped while Redis was unreachable: treated as always moved until the bump reaches Redis */
  private readonly dirty = new Map<string, number>();
  private readonly pending: string[][] = [];
  private readonly cmd: Redis;
  private readonly sub: Redis;
  private readonly keys: { seq: string; gens: string; channel: string };
  private subscribed = false;
  private syncing: Promise<void> | undefined;

  /** Loads the Redis client only when configured (it costs ~20 MB of memory in a process that does not use it). */
  static async create(opts: RedisGenerationOptions): Promise<RedisGenerationStore> {
    const { default: RedisClient } = await import("ioredis");
    return new RedisGenerationStore(opts, RedisClient);
  }

  constructor(
    private readonly opts: RedisGenerationOptions,
    RedisClient: typeof Redis,
  ) {
    this.keys = { seq: `${opts.prefix}seq`, gens: `${opts.prefix}gens`, channel: `${opts.prefix}bumps` };
    const common = { maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: (n: number) => Math.min(50 * n, 1000) };
    this.cmd = new RedisClient(opts.url, { ...common, commandTimeout: opts.commandTimeoutMs ?? 1000 });
    // The subscriber keeps its offline queue: ioredis re-subscribes by itself after a reconnect.
    this.sub = new RedisClient(opts.url, { retryStrategy: common.retryStrategy });
    this.local.subscribe((tags) => this.emit(tags));
    this.cmd.on("error", (err) => opts.onError?.(err, "redis"));
    this.sub.on("error", (err) => opts.onError?.(err, "redis subscriber"));
    this.sub.on("message", (channel: string, message: string) => {
      if (channel !== this.keys.channel) return;
      const [seq, ...tags] = message.split(" ");
      this.local.apply(tags, Number(seq));
    });
    this.sub.on("close", () => (this.subscribed = false));
    // Bumps published while this instance was not listening are read back from the hash.
    this.sub.on("ready", () => void this.resync());
  }

  /** Resolves once subscribed and in sync, or after `timeoutMs` (then it keeps trying, unhealthy meanwhile). */
  async ready(timeoutMs = 5000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.healthy()) return true;
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.healthy();
  }

  current(): number {
    return this.local.current();
  }

  latest(tags: readonly string[]): number {
    if (this.dirty.size > 0) for (const t of tags) if (this.dirty.has(t)) return Number.POSITIVE_INFINITY;
    return this.local.latest(tags);
  }

  async bump(tags: readonly string[]): Promise<void> {
    if (tags.length === 0) return;
    try {
      const seq = Number(await this.cmd.eval(BUMP_SCRIPT, 2, this.keys.seq, this.keys.gens, this.keys.channel, ...tags));
      this.local.apply(tags, seq);
    } catch (err) {
      // Never fail the write that asked for the bump: invalidate here now, tell the others when Redis is back.
      this.opts.onError?.(err, "bump");
      for (const t of tags) this.dirty.set(t, (this.dirty.get(t) ?? 0) + 1);
      this.pending.push([...tags]);
      this.emit(tags);
      this.scheduleRetry();
    }
  }

  subscribe(listener: (tags: readonly string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  healthy(): boolean {
    return this.subscribed && this.pending.length === 0 && this.syncing === undefined;
  }

  async close(): Promise<void> {
    this.cmd.disconnect();
    this.sub.disconnect();
  }

  private emit(tags: readonly string[]): void {
    for (const l of this.listeners) l(tags);
  }

  private retryTimer: NodeJS.Timeout | undefined;
  private scheduleRetry(): void {
    this.retryTimer ??= setTimeout(() => {
      this.retryTimer = undefined;
      void this.resync();
    }, 500);
  }

  /** Replays bumps Redis missed, then reads every tag's generation back (after any reconnect). */
  private resync(): Promise<void> {
    this.syncing ??= (async () => {
      try {
        await this.sub.subscribe(this.keys.channel);
        while (this.pending.length > 0) {
          const tags = this.pending[0];
          const seq = Number(await this.cmd.eval(BUMP_SCRIPT, 2, this.keys.seq, this.keys.gens, this.keys.channel, ...tags));
          this.pending.shift();
          for (const t of tags) {
            const n = (this.dirty.get(t) ?? 1) - 1;
            if (n <= 0) this.dirty.delete(t);
            else this.dirty.set(t, n);
          }
          this.local.apply(tags, seq);
        }
        const [seq, gens] = await Promise.all([this.cmd.get(this.keys.seq), this.cmd.hgetall(this.keys.gens)]);
        this.local.applyEach(Object.entries(gens).map(([t, g]) => [t, Number(g)] as const), Number(seq ?? 0));
        this.subscribed = true;
      } catch (err) {
        this.opts.onError?.(err, "resync");
        this.scheduleRetry();
      } finally {
        this.syncing = undefined;
      }
    })();
    return this.syncing;
  }
}
