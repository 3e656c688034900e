import net from "node:net";
import tls from "node:tls";
import type { buildConnector } from "undici";

import { asTargetError } from "../errors";
import { resolveTarget } from "../resolve";
import type { RunOptions } from "../types";

/** performance.now() at each event of one request (hop); connection events are absent when a connection was reused. */
export interface HopTimes {
  start: number;
  socket?: number;
  lookup?: number;
  connect?: number;
  secureConnect?: number;
  response?: number;
  end?: number;
}

export interface ConnectorContext {
  family: 4 | 6;
  skipSSL: boolean;
  options: RunOptions;
  signal: AbortSignal;
  /** the hop being made, which the connection's times are written to */
  hop: () => HopTimes;
}

/** Resolves until the socket emits `event`; destroys it on error or when the run's signal aborts. */
function reach(socket: net.Socket, event: "connect" | "secureConnect", signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const finish = (err?: unknown) => {
      socket.off(event, onEvent).off("error", onError);
      signal.removeEventListener("abort", onAbort);
      if (err === undefined) return resolve();
      socket.destroy();
      reject(err);
    };
    const onEvent = () => finish();
    const onError = (err: Error) => finish(err);
    const onAbort = () => finish(signal.reason);
    socket.once(event, onEvent).once("error", onError);
    if (signal.aborted) onAbort();
    else signal.addEventListener("abort", onAbort, { once: true });
  });
}

/*
 * undici's connection step done by hand, so each phase is timed where it happens (lookup, TCP, TLS) and the outbound
 * policy judges the address actually dialled, for the first request and every redirect alike.
 */
export function timedConnector(ctx: ConnectorContext): buildConnector.connector {
  return (opts, callback) => {
    const hop = ctx.hop();
    hop.socket = performance.now();
    connect(opts, ctx, hop).then(
      (socket) => callback(null, socket),
      (err: unknown) => callback(err as Error, null),
    );
  };
}

async function connect(opts: buildConnector.Options, ctx: ConnectorContext, hop: HopTimes): Promise<net.Socket> {
  const secure = opts.protocol === "https:";
  const port = Number(opts.port) || (secure ? 443 : 80);
  const host = opts.hostname.replace(/^\[|\]$/g, "");
  const target = await resolveTarget(host, ctx.family, ctx.options, ctx.signal);
  hop.lookup = performance.now();
  const socket = net.connect({ host: target.address, port, family: target.family });
  try {
    await reach(socket, "connect", ctx.signal);
  } catch (err) {
    throw asTargetError(ctx.signal.aborted ? ctx.signal.reason : err, `connect to ${host}:${port} (${target.address})`);
  }
  hop.connect = performance.now();
  if (!secure) return socket;
  const servername = net.isIP(host) ? undefined : host;
  const tlsSocket = tls.connect({ socket, servername, rejectUnauthorized: !ctx.skipSSL, ALPNProtocols: ["http/1.1"] });
  try {
    await reach(tlsSocket, "secureConnect", ctx.signal);
  } catch (err) {
    socket.destroy();
    throw asTargetError(ctx.signal.aborted ? ctx.signal.reason : err, `TLS handshake with ${host}:${port}`);
  }
  hop.secureConnect = performance.now();
  return tlsSocket;
}
