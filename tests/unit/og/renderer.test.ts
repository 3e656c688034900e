import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ImageEngineUnavailableError, UnavailableError } from "@/lib/errors";
import type { HostElement } from "@/lib/og/host-tree";
import { OgRenderer } from "@/lib/og/renderer";
import { pngSize } from "@/lib/og/text";

const SIZE = { width: 1200, height: 630 };
const engine = (name: string) => resolve(import.meta.dirname, "engines", name);
const tree = (text: string): HostElement => ({ type: "div", props: { style: { display: "flex", width: "100%", height: "100%", background: "#fff", fontSize: 40 }, children: text } });

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until(cond: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const made: OgRenderer[] = [];
const renderer = (opts?: ConstructorParameters<typeof OgRenderer>[0]) => {
  const r = new OgRenderer(opts);
  made.push(r);
  return r;
};
afterEach(() => {
  for (const r of made.splice(0)) r.close();
});

describe("the Open Graph engine's process (lib/og/renderer.ts)", () => {
  it("is forked on the first image and reused for the next ones, also for images asked at once", { timeout: 30_000 }, async () => {
    const r = renderer();
    expect(r.pid).toBeUndefined();
    const first = await r.render(tree("one"), SIZE);
    expect(pngSize(first)).toEqual(SIZE);
    const pid = r.pid;
    expect(pid).toBeTypeOf("number");
    expect(pid).not.toBe(process.pid);
    const [a, b, c] = await Promise.all(["two", "three", "one"].map((t) => r.render(tree(t), SIZE)));
    expect(r.pid).toBe(pid);
    expect(pngSize(a)).toEqual(SIZE);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
    expect(Buffer.from(c).equals(Buffer.from(first))).toBe(true);
  });

  it("ends after the idle period, and a later image forks a new one", { timeout: 30_000 }, async () => {
    const r = renderer({ idleMs: 300 });
    await r.render(tree("x"), SIZE);
    const pid = r.pid!;
    // images keep it alive: each one restarts the idle period
    for (let i = 0; i < 3; i++) {
      await new Promise((res) => setTimeout(res, 150));
      await r.render(tree(`y${i}`), SIZE);
      expect(r.pid).toBe(pid);
    }
    await until(() => !alive(pid));
    expect(r.pid).toBeUndefined();
    expect(pngSize(await r.render(tree("z"), SIZE))).toEqual(SIZE);
    expect(r.pid).not.toBe(pid);
  });

  it("a crashed engine fails the images it owed with ImageEngineUnavailableError (a 503), and the next image gets a fresh engine", { timeout: 30_000 }, async () => {
    const r = renderer();
    await r.render(tree("warm"), SIZE);
    const pid = r.pid!;
    const owed = [r.render(tree("a"), SIZE), r.render(tree("b"), SIZE)];
    process.kill(pid, "SIGKILL");
    for (const p of owed) {
      const err = await p.then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(ImageEngineUnavailableError);
      expect(err).toBeInstanceOf(UnavailableError);
      expect((err as Error).message).toMatch(/SIGKILL/);
    }
    expect(pngSize(await r.render(tree("after"), SIZE))).toEqual(SIZE);
    expect(r.pid).not.toBe(pid);
  });

  it("an image the engine cannot draw (or would fetch something for) fails alone: the engine stays", { timeout: 30_000 }, async () => {
    const r = renderer();
    await r.render(tree("warm"), SIZE);
    const pid = r.pid;
    // satori refuses a <div> of several children without an explicit display
    const bad: HostElement = { type: "div", props: { children: [{ type: "div", props: { children: "a" } }, { type: "div", props: { children: "b" } }] } };
    const err = await r.render(bad, SIZE).then(() => null, (e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ImageEngineUnavailableError);
    // not serialisable: refused before it reaches the engine
    const fn: HostElement = { type: "div", props: { onClick: () => undefined } };
    await expect(r.render(fn, SIZE)).rejects.toThrow();
    // nothing goes over the network: an emoji (which ../text.ts strips) would otherwise be fetched from a CDN
    await expect(r.render(tree("fire 🔥"), SIZE)).rejects.toThrow(/fetches nothing from the network/);
    expect(pngSize(await r.render(tree("still"), SIZE))).toEqual(SIZE);
    expect(r.pid).toBe(pid);
  });

  it("a hung engine is given up after the render timeout", { timeout: 30_000 }, async () => {
    const r = renderer({ renderTimeoutMs: 3_000 }); // timed from when the engine is ready: a cold start does not count
    await r.render(tree("warm"), SIZE);
    const pid = r.pid!;
    process.kill(pid, "SIGSTOP");
    try {
      const err = await r.render(tree("stuck"), SIZE).then(() => null, (e: unknown) => e);
      expect(err).toBeInstanceOf(ImageEngineUnavailableError);
      expect((err as Error).message).toMatch(/did not answer within 3000 ms/);
      await until(() => r.pid === undefined);
    } finally {
      try {
        process.kill(pid, "SIGCONT");
      } catch {
        // already gone
      }
    }
    await until(() => !alive(pid));
  });

  it("an engine slower to start than the render timeout still draws: images are timed from when it is ready", { timeout: 30_000 }, async () => {
    // engines/slow-start.mjs is ready 3 s after its fork, whatever the machine's speed
    const r = renderer({ script: engine("slow-start.mjs"), renderTimeoutMs: 2_000 });
    const asked = performance.now();
    const [a, b] = await Promise.all([r.render(tree("cold a"), SIZE), r.render(tree("cold b"), SIZE)]);
    expect(performance.now() - asked).toBeGreaterThan(2_000);
    expect(pngSize(a)).toEqual(SIZE);
    expect(pngSize(b)).toEqual(SIZE);
    const pid = r.pid;
    expect(pngSize(await r.render(tree("warm"), SIZE))).toEqual(SIZE);
    expect(r.pid).toBe(pid);
  });

  it("an engine that never becomes ready is given up after the start timeout, failing what it owed", { timeout: 30_000 }, async () => {
    const r = renderer({ script: engine("never-ready.mjs"), startTimeoutMs: 1_500, renderTimeoutMs: 200 });
    const asked = performance.now();
    const owed = [r.render(tree("a"), SIZE), r.render(tree("b"), SIZE)].map((p) => p.then(() => null, (e: unknown) => e));
    const pid = r.pid!;
    for (const err of await Promise.all(owed)) {
      expect(err).toBeInstanceOf(ImageEngineUnavailableError);
      // the start timeout, not the (shorter) render timeout, which has not begun
      expect((err as Error).message).toMatch(/did not start within 1500 ms/);
    }
    expect(performance.now() - asked).toBeGreaterThanOrEqual(1_400);
    expect(r.pid).toBeUndefined();
    await until(() => !alive(pid));
  });

  it("never keeps a process from exiting: a script that drew an image ends at once, and its engine with it", { timeout: 60_000 }, async () => {
    const script = `
      const m = await import("@/lib/og/renderer"); // a CommonJS module to tsx here: its exports may sit on .default
      const { OgRenderer } = m.OgRenderer ? m : m.default;
      const r = new OgRenderer();
      const png = await r.render(${JSON.stringify(tree("exit"))}, { width: 1200, height: 630 });
      console.log(JSON.stringify({ bytes: png.length, pid: r.pid, at: Date.now() }));
    `;
    const started = Date.now();
    const out = spawnSync(process.execPath, ["--import", "tsx", "--conditions=react-server", "--input-type=module", "-e", script], { cwd: process.cwd(), encoding: "utf8", timeout: 50_000 });
    expect(out.status, out.stderr).toBe(0);
    const { bytes, pid, at } = JSON.parse(out.stdout.trim().split("\n").at(-1)!) as { bytes: number; pid: number; at: number };
    expect(bytes).toBeGreaterThan(1000);
    // exited well before the 30 s idle period would have ended the engine
    expect(Date.now() - at).toBeLessThan(10_000);
    expect(Date.now() - started).toBeLessThan(45_000);
    await until(() => !alive(pid), 5_000);
  });
});
