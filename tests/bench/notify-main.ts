import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { getReadyDb, type Db } from "@/lib/db";
import { createAccount } from "@/lib/accounts/service";
import { createService } from "@/lib/services/service";
import { createPage } from "@/lib/status-pages/service";
import { createIncident } from "@/lib/incidents/service";
import { withNotify } from "@/lib/notifications/tables";
import { encryptSecret, newWebhookSecret, subscriptionKeys } from "@/lib/subscriptions/crypto";
import { loadServerSecret } from "@/lib/secrets/server-secret";

const N = Number(process.argv[2] ?? 10_000);
const ROOT = process.cwd();

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function seed(db: Db, slug: string, make: (i: number) => { channel: "EMAIL" | "WEBHOOK"; target: string; dest_host: string; secret_enc?: string }) {
  const account = await createAccount(db, `bench ${slug}`);
  const service = await createService(db, account.id, { name: "API" });
  const page = await createPage(db, account.id, { name: `Bench ${slug}`, url: slug, cards: [{ name: "Core", services: [{ id: service.id }] }] });
  const at = Date.now();
  for (let i = 0; i < N; i += 1000) {
    const rows = Array.from({ length: Math.min(1000, N - i) }, (_, j) => ({ id: crypto.randomUUID(), status_page_id: page.id, status: "VERIFIED" as const, service_ids: null, created_at: at, updated_at: at, ...make(i + j) }));
    await withNotify(db).insertInto("subscribers").values(rows).execute();
  }
  return { account, service, page };
}

async function phase(db: Db, label: string, ctx: Awaited<ReturnType<typeof seed>>, received: () => number, workerPid: number) {
  const before = received();
  let peak = rssMb(workerPid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(workerPid))), 100);
  const t0 = performance.now();
  await createIncident(db, ctx.account.id, { name: `${label} bench`, severity: "MAJOR", serviceIds: [ctx.service.id], update: { description: "Benchmark update", notifySubscribers: true } });
  const queuedMs = performance.now() - t0;
  let lastAt = t0;
  for (let seen = before; received() - before < N; ) {
    await new Promise((r) => setTimeout(r, 5));
    if (received() !== seen) {
      seen = received();
      lastAt = performance.now();
    }
    if (performance.now() - t0 > 600_000) throw new Error(`${label}: only ${received() - before} of ${N} arrived in 10 minutes`);
  }
  const total = (lastAt - t0) / 1000;
  for (;;) {
    const pending = await withNotify(db).selectFrom("notification_deliveries").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "in", ["QUEUED", "RETRYING"]).executeTakeFirstOrThrow();
    if (Number(pending.n) === 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const recorded = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  console.log(`${label.padEnd(8)} ${N} deliveries: queued in ${queuedMs.toFixed(0)} ms, last one received after ${total.toFixed(2)} s (${(N / total).toFixed(0)} deliveries/s), all recorded after ${recorded.toFixed(2)} s, worker peak RSS ${peak.toFixed(0)} MB`);
}

async function main() {
  const db = await getReadyDb();
  await loadServerSecret(db);
  const keys = await subscriptionKeys(db);

  let mails = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _s, cb) {
      stream.on("data", () => {});
      stream.on("end", () => {
        mails++;
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  let hooks = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      hooks++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const email = await seed(db, "bench-email", (i) => ({ channel: "EMAIL", target: `user${i}@bench.test`, dest_host: "smtp" }));
  const secret = encryptSecret(keys, newWebhookSecret());
  const hook = await seed(db, "bench-hook", (i) => ({ channel: "WEBHOOK", target: `${hookUrl}?s=${i}`, dest_host: new URL(hookUrl).host, secret_enc: secret }));

  const worker = spawn(process.execPath, ["--import", "tsx", "lib/cli/worker.ts"], {
    cwd: ROOT,
    env: { ...process.env, SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtpPort), SMTP_FROM: "Bench <bench@bench.test>", LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await new Promise((r) => setTimeout(r, 3000)); // let the worker start before the clock runs
  console.log(`worker pid ${worker.pid}, RSS at rest ${rssMb(worker.pid!).toFixed(0)} MB; store: ${process.env.DATABASE_URL ? "postgres" : "sqlite"}`);
  try {
    await phase(db, "e-mail", email, () => mails, worker.pid!);
    await phase(db, "webhook", hook, () => hooks, worker.pid!);
  } finally {
    worker.kill("SIGTERM");
    await new Promise((r) => worker.once("exit", r));
    receiver.closeAllConnections();
    receiver.close();
    smtp.close();
    await db.destroy();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
