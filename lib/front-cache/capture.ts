import { Writable } from "node:stream";
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders, ServerResponse } from "node:http";

/** What to do with a response once its status and headers are known. */
export type HeadDecision = "buffer" | "forward" | "discard";

/**
 * A stand-in for http.ServerResponse that Next renders into (as next/dist/server/lib/mock-request does). At the first
 * byte it asks `decide`: buffer the body (a shared render, which a visitor's disconnect must not abort), forward it to
 * the real response as it streams, or drop it.
 */
export class CaptureResponse extends Writable {
  statusCode = 200;
  statusMessage = "";
  headersSent = false;
  finished = false;
  readonly socket = null;
  readonly chunks: Buffer[] = [];
  mode: HeadDecision | undefined;
  readonly done: Promise<void>;
  private readonly headerMap = new Map<string, OutgoingHttpHeader>();
  private resolveDone!: () => void;

  constructor(
    readonly req: IncomingMessage,
    private readonly decide: (head: CaptureResponse) => HeadDecision,
    private readonly target?: ServerResponse,
  ) {
    super();
    // Next attaches a close listener per stage of a render; more than Node's default of ten is normal.
    this.setMaxListeners(0);
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
    this.once("finish", () => this.resolveDone());
    this.once("close", () => this.resolveDone());
  }

  get connection() {
    return this.socket;
  }

  setHeader(name: string, value: OutgoingHttpHeader): this {
    this.headerMap.set(name.toLowerCase(), Array.isArray(value) ? value.map(String) : typeof value === "number" ? String(value) : value);
    return this;
  }
  appendHeader(name: string, value: string | readonly string[]): this {
    const prev = this.headerMap.get(name.toLowerCase());
    const add = Array.isArray(value) ? value.map(String) : [String(value)];
    const list = prev === undefined ? add : [...(Array.isArray(prev) ? prev : [String(prev)]), ...add];
    this.headerMap.set(name.toLowerCase(), list.length === 1 ? list[0] : list);
    return this;
  }
  getHeader(name: string): OutgoingHttpHeader | undefined {
    return this.headerMap.get(name.toLowerCase());
  }
  hasHeader(name: string): boolean {
    return this.headerMap.has(name.toLowerCase());
  }
  removeHeader(name: string): void {
    this.headerMap.delete(name.toLowerCase());
  }
  getHeaderNames(): string[] {
    return [...this.headerMap.keys()];
  }
  getHeaders(): OutgoingHttpHeaders {
    return Object.fromEntries(this.headerMap);
  }

  writeHead(status: number, message?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    if (this.headersSent) return this;
    if (typeof message === "string") this.statusMessage = message;
    else headers = message;
    if (Array.isArray(headers)) {
      for (let i = 0; i + 1 < headers.length; i += 2) this.setHeader(String(headers[i]), headers[i + 1]);
    } else if (headers) {
      for (const [k, v] of Object.entries(headers)) if (v !== undefined) this.setHeader(k, v);
    }
    this.statusCode = status;
    this.headersSent = true;
    this.mode = this.decide(this);
    if (this.mode === "forward" && this.target) this.startForwarding(this.target);
    return this;
  }
  // Node calls this before the first write when writeHead was not called (the compression middleware too).
  _implicitHeader(): void {
    this.writeHead(this.statusCode);
  }
  flushHeaders(): void {
    if (!this.headersSent) this._implicitHeader();
  }

  override write(chunk: unknown, encoding?: BufferEncoding | ((err?: Error | null) => void), cb?: (err?: Error | null) => void): boolean {
    if (typeof encoding === "function") {
      cb = encoding;
      encoding = undefined;
    }
    if (!this.headersSent) this._implicitHeader();
    const buf = toBuffer(chunk, encoding);
    let ok = true;
    if (this.mode === "forward" && this.target && !this.target.destroyed) ok = this.target.write(buf);
    else if (this.mode === "buffer") this.chunks.push(buf);
    if (cb) process.nextTick(cb);
    return ok;
  }

  override end(chunk?: unknown, encoding?: BufferEncoding | (() => void), cb?: () => void): this {
    if (typeof chunk === "function") {
      cb = chunk as () => void;
      chunk = undefined;
    }
    if (typeof encoding === "function") {
      cb = encoding;
      encoding = undefined;
    }
    if (this.finished) return this;
    if (!this.headersSent) this._implicitHeader();
    if (chunk !== undefined && chunk !== null) this.write(chunk, encoding);
    this.finished = true;
    if (this.mode === "forward" && this.target && !this.target.destroyed) this.target.end();
    super.end(cb);
    return this;
  }

  override _write(_chunk: unknown, _enc: BufferEncoding, cb: (err?: Error | null) => void): void {
    cb();
  }

  /** The captured body (buffer mode). */
  body(): Buffer {
    return this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks);
  }

  private startForwarding(target: ServerResponse): void {
    const headers: OutgoingHttpHeaders = {};
    for (const [k, v] of this.headerMap) headers[k] = v;
    target.writeHead(this.statusCode, this.statusMessage || undefined, headers);
    target.on("drain", () => this.emit("drain"));
    // The visitor went away: let Next stop rendering for them.
    target.once("close", () => {
      if (!this.finished) this.destroy();
    });
  }
}

function toBuffer(chunk: unknown, encoding?: BufferEncoding): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === "string") return Buffer.from(chunk, encoding ?? "utf8");
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  return Buffer.from(String(chunk));
}
