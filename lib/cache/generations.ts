import { processSlot } from "@/lib/runtime/process-state";

/**
 * Version-safe invalidation. Every bump of a tag takes the next number of one global sequence and
 * records it as that tag's generation. A reader notes the sequence before it starts rendering; the
 * render may be stored only if none of its tags has a generation above that note.
 */
export interface GenerationStore {
  /** The current global sequence number (take it before a render starts). */
  current(): number;
  /** Highest generation among `tags` (0 when never bumped). */
  latest(tags: readonly string[]): number;
  /** Bumps `tags` and resolves once the bump is visible to this process's readers. */
  bump(tags: readonly string[]): Promise<void>;
  /** Called with the bumped tags after every bump, local or from another instance. */
  subscribe(listener: (tags: readonly string[]) => void): () => void;
  /** false while bumps from other instances may be missed (Redis unreachable): caches shorten their expiry. */
  healthy?(): boolean;
}

export class MemoryGenerationStore implements GenerationStore {
  private seq = 0;
  private readonly gens = new Map<string, number>();
  private readonly listeners = new Set<(tags: readonly string[]) => void>();

  current(): number {
    return this.seq;
  }
  latest(tags: readonly string[]): number {
    let max = 0;
    for (const t of tags) max = Math.max(max, this.gens.get(t) ?? 0);
    return max;
  }
  async bump(tags: readonly string[]): Promise<void> {
    this.apply(tags, ++this.seq);
  }
  /** Records a bump that happened elsewhere (another instance) at sequence `seq`. */
  apply(tags: readonly string[], seq: number): void {
    this.applyEach(tags.map((t) => [t, seq]));
  }
  /** Records several tags' generations at once (a resync); listeners hear only the tags that moved. */
  applyEach(pairs: readonly (readonly [string, number])[], seq = 0): void {
    const moved: string[] = [];
    for (const [t, g] of pairs) {
      this.seq = Math.max(this.seq, g);
      if (g > (this.gens.get(t) ?? 0)) {
        this.gens.set(t, g);
        moved.push(t);
      }
    }
    this.seq = Math.max(this.seq, seq);
    if (moved.length > 0) for (const l of this.listeners) l(moved);
  }
  subscribe(listener: (tags: readonly string[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const generations = processSlot<GenerationStore>("generations");

export function getGenerations(): GenerationStore {
  return generations.getOrCreate(() => new MemoryGenerationStore());
}

/** Replaces the process-wide store (the Redis-backed one at start-up when REDIS_URL is set; tests). */
export function setGenerations(store: GenerationStore): void {
  generations.set(store);
}
