import "server-only";
import { fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { ImageEngineUnavailableError } from "@/lib/errors";
import { processSlot } from "@/lib/runtime/process-state";
import type { HostElement } from "./host-tree";

/*
 * Open Graph images are drawn in a child process (./renderer-process.mjs) that lives only while images are asked for:
 * the engine kept ~26 MB of the server's RSS for good, and previews are rare (crawlers; the front cache keeps them).
 * Forked on the first image, ended IDLE_MS after the last; a first image after a quiet spell pays ~0.35 s to start it.
 */

/** How long the engine outlives its last image. */
export const IDLE_MS = 30_000;
/** An image not answered within this of the engine being ready is given up, and the engine with it (it is stuck). */
export const RENDER_TIMEOUT_MS = 20_000;
/** An engine not ready within this of its fork is given up: its imports take seconds on a busy machine, not this. */
export const START_TIMEOUT_MS = 30_000;

/**
 * The engine's script, from the working directory (the repository root under npm start, dev, the harness and vitest),
 * not import.meta.url: Next compiles lib/og into route chunks where a relative path names nothing, and turbopack would
 * copy the script as an asset resolving its imports from the build folder. Started elsewhere, images answer 503.
 */
export const ENGINE_SCRIPT = resolve(process.cwd(), "lib", "og", "renderer-process.mjs");

export interface RendererOptions {
  idleMs?: number;
  renderTimeoutMs?: number;
  startTimeoutMs?: number;
  script?: string;
}

interface Pending {
  resolve(png: Uint8Array): void;
  reject(err: Error): void;
  /** the render timeout, armed once the engine is ready */
  timer?: NodeJS.Timeout;
}

/** One engine process and the images asked of it. */
interface Engine {
  proc: ChildProcess;
  pending: Map<number, Pending>;
  idle?: NodeJS.Timeout;
  /** set until the engine says it is ready (its imports and first drawing done), then cleared */
  starting?: NodeJS.Timeout;
  ended: boolean;
  /** kills the engine when this process exits (a fork is otherwise left to notice the closed channel) */
  onExit: () => void;
}

type Reply = { ready: true } | { id: number; png: Uint8Array } | { id: number; error: string };

/**
 * The server's side of the engine: one child at a time, images pipelined to it by id. When it is idle the child
 * and its channel are unref'd, so neither a server shutting down nor a test run waits for it.
 */
export class OgRenderer {
  private engine: Engine | null = null;
  private nextId = 0;
  private readonly idleMs: number;
  private readonly renderTimeoutMs: number;
  private readonly startTimeoutMs: number;
  private readonly script: string;

  constructor(opts: RendererOptions = {}) {
    this.idleMs = opts.idleMs ?? IDLE_MS;
    this.renderTimeoutMs = opts.renderTimeoutMs ?? RENDER_TIMEOUT_MS;
    this.startTimeoutMs = opts.startTimeoutMs ?? START_TIMEOUT_MS;
    this.script = opts.script ?? ENGINE_SCRIPT;
  }

  /** The engine's process id while one runs (for tests and diagnostics). */
  get pid(): number | undefined {
    return this.engine?.proc.pid;
  }

  /** Draws `tree` as a PNG. Rejects with ImageEngineUnavailableError when the engine dies or hangs first. */
  render(tree: HostElement, size: { width: number; height: number }): Promise<Uint8Array> {
    let engine: Engine;
    try {
      engine = this.engine ?? (this.engine = this.start());
    } catch (err) {
      return Promise.reject(err as Error);
    }
    this.busy(engine);
    const id = ++this.nextId;
    return new Promise<Uint8Array>((resolvePng, reject) => {
      // Asked of a starting engine, the image waits in the IPC channel and its timeout starts when the engine is ready.
      const p: Pending = { resolve: resolvePng, reject };
      if (!engine.starting) this.arm(engine, p);
      engine.pending.set(id, p);
      try {
        engine.proc.send({ id, tree, ...size }, (err) => {
          if (err) this.end(engine, new ImageEngineUnavailableError(`The image engine could not be reached: ${err.message}`));
        });
      } catch (err) {
        // Not serialisable (a function in the tree, say): this image's fault, not the engine's.
        this.settle(engine, id);
        reject(err as Error);
      }
    });
  }

  /** Ends the engine now (pending images are rejected); the next image starts a new one. */
  close(): void {
    if (this.engine) this.end(this.engine, new ImageEngineUnavailableError("The image engine was closed"));
  }

  private start(): Engine {
    if (!existsSync(this.script)) throw new ImageEngineUnavailableError(`The image engine's script is missing (${this.script}); the server must run from the repository root`);
    const proc = fork(this.script, [], {
      // Not the server's flags (a test runner's loaders, inspector ports): the engine is plain JavaScript.
      execArgv: ["--max-semi-space-size=4"],
      // Not the server's environment: the engine reads no setting, and the server's secrets (database URL, keys)
      // and NODE_OPTIONS (a debugger's port, a test runner's loaders) have no business there. NODE_ENV only sets
      // @vercel/og's response headers, which the engine does not send.
      env: { NODE_ENV: "production" },
      serialization: "advanced",
      stdio: ["ignore", "ignore", "inherit", "ipc"],
    });
    const engine: Engine = { proc, pending: new Map(), ended: false, onExit: () => proc.kill() };
    engine.starting = setTimeout(() => this.end(engine, new ImageEngineUnavailableError(`The image engine did not start within ${this.startTimeoutMs} ms`)), this.startTimeoutMs);
    engine.starting.unref();
    process.on("exit", engine.onExit);
    proc.on("message", (msg: Reply) => {
      if ("ready" in msg) {
        this.ready(engine);
        return;
      }
      const p = this.settle(engine, msg.id);
      if (!p) return;
      if ("error" in msg) p.reject(new Error(`The image engine could not draw the image: ${msg.error}`));
      else p.resolve(msg.png);
    });
    proc.on("exit", (code, signal) => this.end(engine, new ImageEngineUnavailableError(`The image engine exited (${signal ?? `code ${code}`}) before it drew the image`)));
    proc.on("error", (err) => this.end(engine, new ImageEngineUnavailableError(`The image engine failed: ${err.message}`)));
    return engine;
  }

  /** The engine can draw: the images asked while it started are timed from now. */
  private ready(engine: Engine): void {
    clearTimeout(engine.starting);
    engine.starting = undefined;
    for (const p of engine.pending.values()) this.arm(engine, p);
  }

  private arm(engine: Engine, p: Pending): void {
    p.timer = setTimeout(() => this.end(engine, new ImageEngineUnavailableError(`The image engine did not answer within ${this.renderTimeoutMs} ms`)), this.renderTimeoutMs);
    p.timer.unref();
  }

  /** Removes a request from the engine's list; when none remain, the engine is idle. */
  private settle(engine: Engine, id: number): Pending | undefined {
    const p = engine.pending.get(id);
    if (!p) return undefined;
    engine.pending.delete(id);
    clearTimeout(p.timer);
    if (engine.pending.size === 0 && !engine.ended) this.idle(engine);
    return p;
  }

  private busy(engine: Engine): void {
    clearTimeout(engine.idle);
    engine.idle = undefined;
    engine.proc.ref();
    engine.proc.channel?.ref();
  }

  private idle(engine: Engine): void {
    engine.proc.unref();
    engine.proc.channel?.unref();
    clearTimeout(engine.idle);
    engine.idle = setTimeout(() => {
      if (engine.pending.size === 0) this.end(engine, null);
    }, this.idleMs);
    engine.idle.unref();
  }

  /** Ends an engine once: rejects what it still owed, kills it if it still runs, and lets the next image fork anew. */
  private end(engine: Engine, err: Error | null): void {
    if (engine.ended) return;
    engine.ended = true;
    if (this.engine === engine) this.engine = null;
    clearTimeout(engine.idle);
    clearTimeout(engine.starting);
    process.off("exit", engine.onExit);
    const owed = [...engine.pending.values()];
    engine.pending.clear();
    for (const p of owed) {
      clearTimeout(p.timer);
      p.reject(err ?? new ImageEngineUnavailableError("The image engine was stopped"));
    }
    if (engine.proc.exitCode === null && engine.proc.signalCode === null) engine.proc.kill();
    engine.proc.unref();
    engine.proc.channel?.unref();
  }
}

const shared = processSlot<OgRenderer>("og-renderer");

/**
 * The process's one renderer, kept process-wide: Next compiles lib/og into each image route's chunks, and two
 * copies of this module must still share one engine.
 */
export function ogRenderer(): OgRenderer {
  return shared.getOrCreate(() => new OgRenderer());
}
