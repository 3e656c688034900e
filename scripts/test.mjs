#!/usr/bin/env node
// The whole test suite: unit, integration on SQLite and PostgreSQL, browser tests.
// PostgreSQL must be reachable: in CI its absence fails the run; elsewhere it is said loudly and that project is left out.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";

const pgUrl = new URL(process.env.HELIOGRAPH_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test");
const ci = process.env.CI === "true" || process.env.CI === "1";

const reachable = await new Promise((resolve) => {
  const s = net.connect({ host: pgUrl.hostname, port: Number(pgUrl.port || 5432), timeout: 2000 });
  s.once("connect", () => (s.destroy(), resolve(true)));
  s.once("error", () => resolve(false));
  s.once("timeout", () => (s.destroy(), resolve(false)));
});

const projects = ["unit", "integration-sqlite", "integration-postgres", "e2e"];
if (!reachable) {
  const banner = `\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n!! PostgreSQL is NOT reachable at ${pgUrl.host}\n!! The integration tests against PostgreSQL cannot run.\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n`;
  process.stderr.write(banner);
  if (ci) process.exit(1);
  projects.splice(projects.indexOf("integration-postgres"), 1);
}

if (!existsSync("/usr/bin/chromium")) {
  process.stderr.write("Chromium is missing at /usr/bin/chromium: installing it from Debian (apt-get install -y chromium)...\n");
  const r = spawnSync("bash", ["-c", "apt-get update -qq && apt-get install -y -qq chromium"], { stdio: "inherit" });
  if (r.status !== 0) {
    process.stderr.write("Could not install Chromium; the browser tests cannot run.\n");
    process.exit(1);
  }
}

// The alert e2e tests drive a real Prometheus Alertmanager (tests/e2e/alertmanager.test.ts).
if (!existsSync("/usr/bin/prometheus-alertmanager")) {
  process.stderr.write("Alertmanager is missing at /usr/bin/prometheus-alertmanager: installing it from Debian (apt-get install -y prometheus-alertmanager)...\n");
  const r = spawnSync("bash", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq prometheus-alertmanager"], { stdio: "inherit" });
  if (r.status !== 0) {
    process.stderr.write("Could not install Alertmanager; the alert e2e tests cannot run.\n");
    process.exit(1);
  }
}

// The ICMP check runner drives the system's ping (tests/unit/runners/icmp.test.ts), also as an unprivileged user.
if (!existsSync("/usr/bin/ping")) {
  process.stderr.write("ping is missing at /usr/bin/ping: installing it from Debian (apt-get install -y iputils-ping)...\n");
  const r = spawnSync("bash", ["-c", "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq iputils-ping"], { stdio: "inherit" });
  if (r.status !== 0) {
    process.stderr.write("Could not install iputils-ping; the ICMP runner tests cannot run.\n");
    process.exit(1);
  }
}

const args = ["vitest", "run", ...projects.flatMap((p) => ["--project", p]), ...process.argv.slice(2)];
const r = spawnSync("npx", args, { stdio: "inherit" });
process.exit(r.status ?? 1);
