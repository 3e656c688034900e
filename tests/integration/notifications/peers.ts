/** Real peers on loopback: an SMTP server that parses what it receives, and HTTP receivers. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { simpleParser, type ParsedMail } from "mailparser";

export interface SmtpPeer {
  port: number;
  mails: ParsedMail[];
  waitFor(n: number, ms?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<SmtpPeer> {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((m) => mails.push(m))
        .then(() => cb(), cb);
    },
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    mails,
    waitFor: (n, ms = 15_000) => until(() => mails.length >= n, ms).then(() => mails),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export interface Received {
  headers: Record<string, string>;
  body: string;
  at: number;
}

export interface HttpPeer {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

/** An HTTP receiver; `answer` decides the response (default 200). Hanging answers are ended on close. */
export async function startReceiver(answer?: (r: Received, res: ServerResponse, req: IncomingMessage) => void | Promise<void>): Promise<HttpPeer> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r: Received = { headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(r);
      if (answer) void answer(r, res, req);
      else res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export async function until(cond: () => boolean | Promise<boolean>, ms = 15_000, step = 20): Promise<void> {
  const end = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, step));
  }
}
