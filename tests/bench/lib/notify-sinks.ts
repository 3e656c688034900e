/** Receivers for bench:notify: they count what arrives (and its bytes), nothing more, so they cost little. */
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface Sink {
  /** where deliveries go: an SMTP port, or an HTTP URL */
  target: string;
  count: number;
  bytes: number;
  /** the first body received since the last reset (HTTP sinks), for a shape check */
  sample: string | null;
  reset(): void;
  close(): Promise<void>;
}

export async function smtpSink(): Promise<Sink> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _s, cb) {
      stream.on("data", (c: Buffer) => (sink.bytes += c.length));
      stream.on("end", () => {
        sink.count++;
        cb();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const sink: Sink = {
    target: String((server.server.address() as AddressInfo).port),
    count: 0,
    bytes: 0,
    sample: null,
    reset: () => void Object.assign(sink, { count: 0, bytes: 0, sample: null }),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return sink;
}

/** An HTTP receiver answering like the platform: 204 (webhook, Discord) or 200 "ok" (Slack). */
export async function httpSink(status: 200 | 204): Promise<Sink> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => {
      sink.bytes += c.length;
      if (sink.sample === null) chunks.push(c);
    });
    req.on("end", () => {
      if (sink.sample === null) sink.sample = Buffer.concat(chunks).toString("utf8");
      sink.count++;
      if (status === 204) res.writeHead(204).end();
      else res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const sink: Sink = {
    target: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    count: 0,
    bytes: 0,
    sample: null,
    reset: () => void Object.assign(sink, { count: 0, bytes: 0, sample: null }),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
  return sink;
}

/**
 * The ceiling: a bare client process (no database, no rendering) sending `count` messages of `bytes`
 * to the sink with `concurrency` connections. Returns messages per second as the sink counted them.
 */
export async function ceiling(sink: Sink, kind: "smtp" | "http", count: number, concurrency: number, bytes: number): Promise<number> {
  sink.reset();
  const t0 = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "tests/bench/lib/notify-ceiling.ts", kind, sink.target, String(count), String(concurrency), String(bytes)], { stdio: ["ignore", "inherit", "inherit"] });
  const code = await new Promise<number | null>((r) => child.once("exit", r));
  if (code !== 0 || sink.count < count) throw new Error(`ceiling client for ${kind} failed (exit ${code}, ${sink.count} of ${count} received)`);
  return count / ((performance.now() - t0) / 1000);
}
