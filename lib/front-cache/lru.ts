import type { Entry } from "./entry";

/** Entries by key, least recently used first, bounded by total bytes (bodies in all encodings). */
export class EntryLru {
  private readonly map = new Map<string, Entry>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.map.size;
  }
  get bytes(): number {
    return this.total;
  }

  /** Looks up without touching the order (the hot path touches separately, see touch). */
  peek(key: string): Entry | undefined {
    return this.map.get(key);
  }

  /**
   * Marks an entry as used: re-inserting moves it to the young end of the Map's order. Done on every 16th
   * hit only: a hot entry still moves often enough, and most hits skip two Map operations.
   */
  touch(entry: Entry): void {
    if ((entry.hits = (entry.hits ?? 0) + 1) % 16 !== 1) return;
    if (this.map.get(entry.key) !== entry) return;
    this.map.delete(entry.key);
    this.map.set(entry.key, entry);
  }

  /** Stores an entry (replacing the key's previous one); returns false when it alone exceeds the bound. */
  set(entry: Entry): boolean {
    if (entry.bytes > this.maxBytes) return false;
    this.delete(entry.key);
    this.map.set(entry.key, entry);
    this.total += entry.bytes;
    this.evict(entry);
    return true;
  }

  /** Accounts for bytes added to an entry after it was stored (its outage variant, its identity body restored). */
  grow(entry: Entry, bytes: number): void {
    if (bytes === 0 || this.map.get(entry.key) !== entry) return;
    entry.laterBytes = (entry.laterBytes ?? 0) + bytes;
    this.total += bytes;
    this.evict(entry);
  }

  /** Least recently used entries out until the total is within the bound again; `keep` (just stored or grown) stays. */
  private evict(keep: Entry): void {
    for (const [key, old] of this.map) {
      if (this.total <= this.maxBytes) break;
      if (old === keep) continue;
      this.map.delete(key);
      this.total -= old.bytes + (old.laterBytes ?? 0);
    }
  }

  delete(key: string): void {
    const old = this.map.get(key);
    if (!old) return;
    this.map.delete(key);
    this.total -= old.bytes + (old.laterBytes ?? 0);
  }

  clear(): void {
    this.map.clear();
    this.total = 0;
  }

  values(): IterableIterator<Entry> {
    return this.map.values();
  }
}
