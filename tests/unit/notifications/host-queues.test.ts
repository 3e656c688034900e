import { describe, expect, it } from "vitest";
import { HostQueues } from "@/lib/notifications/worker/host-queues";
import type { Claimed } from "@/lib/notifications/worker/claim-queries";

const row = (id: string, host: string) => ({ delivery: { id, host }, subscriber: {} }) as unknown as Claimed;
const queues = (leaseMs = 60_000) => new HostQueues({ leaseMs, timeoutMs: 10_000, batchSize: 100, limit: (h) => (h === "smtp" ? 10 : 2) });

describe("HostQueues", () => {
  it("starts no more than a host's limit, taking hosts in turn", () => {
    const q = queues();
    for (let i = 0; i < 5; i++) q.add(row(`a${i}`, "a"), 0);
    for (let i = 0; i < 5; i++) q.add(row(`b${i}`, "b"), 0);
    const first = q.take(64, 0);
    expect(first.map((c) => c.delivery.id).sort()).toEqual(["a0", "a1", "b0", "b1"]);
    expect(q.take(64, 0)).toHaveLength(0);
    q.done("a", 5);
    expect(q.take(64, 0).map((c) => c.delivery.id)).toEqual(["a2"]);
    expect(q.queued).toBe(5);
  });

  it("respects the free slots the worker has", () => {
    const q = queues();
    for (let i = 0; i < 20; i++) q.add(row(`m${i}`, "smtp"), 0);
    expect(q.take(3, 0)).toHaveLength(3);
    expect(q.take(64, 0)).toHaveLength(7);
  });

  it("claims further ahead for a fast host than for a slow one, never past a batch", () => {
    const q = queues();
    // unknown pace: assumed as slow as the timeout, one round ahead (a quarter lease / 10 s)
    expect(q.ahead("a")).toBe(2);
    q.add(row("a0", "a"), 0);
    q.take(1, 0);
    q.done("a", 5);
    expect(q.ahead("a")).toBe(16);
    expect(q.room("a")).toBe(2 + 16);
    for (let i = 0; i < 50; i++) {
      q.add(row(`m${i}`, "smtp"), 0);
      q.take(1, 0);
      q.done("smtp", 2);
    }
    expect(q.ahead("smtp")).toBe(80);
    const short = queues(2_000);
    expect(short.ahead("a")).toBe(0);
  });

  it("lists hosts held to their limit and beyond as full, and asks for a claim when one runs low", () => {
    const q = queues();
    for (let i = 0; i < 4; i++) q.add(row(`a${i}`, "a"), 0);
    q.take(64, 0);
    expect(q.full()).toEqual(["a"]);
    expect(q.hungry()).toBe(false);
    q.done("a", 10_000);
    q.take(64, 0);
    expect(q.hungry()).toBe(true);
  });

  it("asks a fast host's next claim while half of what it holds ahead is still waiting", () => {
    const q = queues();
    for (let i = 0; i < 50; i++) {
      q.add(row(`w${i}`, "smtp"), 0);
      q.take(1, 0);
      q.done("smtp", 2);
    }
    expect(q.ahead("smtp")).toBe(80);
    for (let i = 0; i < 60; i++) q.add(row(`m${i}`, "smtp"), 0);
    q.take(10, 0);
    expect(q.hungry()).toBe(false); // 50 waiting: more than half of 80
    for (let i = 0; i < 10; i++) q.done("smtp", 2);
    q.take(10, 0);
    expect(q.hungry()).toBe(false); // 40 waiting: half of 80
    q.done("smtp", 2);
    q.take(1, 0);
    expect(q.hungry()).toBe(true); // 39 waiting: the next claim runs while they are sent
  });

  it("drops a row that waited half its lease instead of sending it late", () => {
    const q = queues(10_000);
    q.add(row("old", "a"), 0);
    q.add(row("new", "a"), 4_000);
    expect(q.take(64, 5_001).map((c) => c.delivery.id)).toEqual(["new"]);
    expect(q.queued).toBe(0);
  });

  it("hands back everything not started", () => {
    const q = queues();
    for (let i = 0; i < 5; i++) q.add(row(`a${i}`, "a"), 0);
    q.take(64, 0);
    expect(q.drop().map((c) => c.delivery.id)).toEqual(["a2", "a3", "a4"]);
    expect(q.queued).toBe(0);
  });
});
