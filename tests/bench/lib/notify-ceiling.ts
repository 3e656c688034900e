/* The bare client of bench:notify's ceiling. argv: smtp|http <port|url> <count> <concurrency> <bytes> */
import http from "node:http";
import nodemailer from "nodemailer";

const [kind, target, countArg, concArg, bytesArg] = process.argv.slice(2);
const count = Number(countArg);
const concurrency = Number(concArg);
// A body of the size the worker sent, in 76-character lines (SMTP lines must stay under 998).
const filler = "x".repeat(75) + "\n";
const body = filler.repeat(Math.max(1, Math.round(Number(bytesArg) / filler.length)));

async function pool(send: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await send(next++);
  }));
}

async function main() {
  if (kind === "smtp") {
    const transport = nodemailer.createTransport({ host: "127.0.0.1", port: Number(target), secure: false, pool: true, maxConnections: concurrency, maxMessages: Infinity });
    await pool(async (i) => {
      await transport.sendMail({ envelope: { from: "bench@bench.test", to: [`user${i}@bench.test`] }, raw: `From: bench@bench.test\r\nTo: user${i}@bench.test\r\nSubject: ceiling\r\n\r\n${body}` });
    });
    transport.close();
  } else {
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    await pool(
      () =>
        new Promise<void>((resolve, reject) => {
          const req = http.request(target, { method: "POST", agent, headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) } }, (res) => {
            res.resume();
            res.on("end", () => resolve());
          });
          req.on("error", reject);
          req.end(body);
        }),
    );
    agent.destroy();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
