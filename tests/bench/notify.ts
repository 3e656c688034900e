/*
 * `npm run bench:notify`: 10,000 e-mail subscribers to an in-process SMTP server, then 10,000 webhook
 * subscribers to a local receiver, delivered by `npm run worker` as its own process. Prints time to
 * the last delivery, deliveries/s and the worker's RSS. Uses a fresh SQLite file unless DATABASE_URL is set.
 */
import { createRequire } from "node:module";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const localRequire = createRequire(join(process.cwd(), "package.json"));
const serverOnly = localRequire.resolve("server-only");
localRequire.cache[serverOnly] = { id: serverOnly, filename: serverOnly, loaded: true, exports: {} } as NodeJS.Module;

// The configuration of this run, set before lib/env reads it.
process.env.HELIOGRAPH_SQLITE_PATH ??= join(mkdtempSync(join(tmpdir(), "hg-bench-")), "bench.db");
process.env.HELIOGRAPH_DEMO = "false";
process.env.HELIOGRAPH_WORKER = "false";
process.env.LOG_LEVEL ??= "warn";
process.env.HELIOGRAPH_OUTBOUND_ALLOWLIST = "127.0.0.1";

void import("./notify-main");
