/* One store's run of `npm run bench:notify` (started by notify.ts with that store's environment). */
import { createRequire } from "node:module";
import { join } from "node:path";

const localRequire = createRequire(join(process.cwd(), "package.json"));
const serverOnly = localRequire.resolve("server-only");
localRequire.cache[serverOnly] = { id: serverOnly, filename: serverOnly, loaded: true, exports: {} } as NodeJS.Module;

// The configuration of this run, set before lib/env reads it.
if (!process.env.DATABASE_URL) delete process.env.DATABASE_URL;
process.env.HELIOGRAPH_DEMO = "false";
process.env.HELIOGRAPH_WORKER = "false";
process.env.LOG_LEVEL ??= "warn";
process.env.HELIOGRAPH_OUTBOUND_ALLOWLIST = "127.0.0.1";

void import("./notify-main");
