/*
 * `npm run worker`: the notification worker as its own process (several may run at once).
 * It runs without the react-server condition because e-mails are rendered with react-dom/server;
 * `server-only` (which would throw outside that condition) is therefore stubbed before anything loads it.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";

const localRequire = createRequire(join(process.cwd(), "package.json"));
const serverOnly = localRequire.resolve("server-only");
localRequire.cache[serverOnly] = { id: serverOnly, filename: serverOnly, loaded: true, exports: {} } as NodeJS.Module;

/*
 * A worker's live heap is small and bounded (claims of at most a batch, caches with caps), but sending allocates
 * fast and V8's default policy let the old generation grow to about four times the live heap between full
 * collections: RSS rose by over 100 MB during a large fan-out, all of it garbage. Optimising for size makes
 * V8 collect at about 1.3 times the live heap instead (profiled: the full collections stay well under 1% of the time).
 * Set here, after start-up, it changes how the heap grows; on the node command line (`node --optimize-for-size
 * --import tsx lib/cli/worker.ts`, not set twice then) V8 also keeps the young generation small from the start:
 * measured with bench:notify (100,000 webhooks), peak RSS about 25 MB lower but about 25% more worker CPU (more
 * scavenges), so 3 s slower. Set here by default; the command line is for a worker whose memory matters more.
 */
if (!process.execArgv.includes("--optimize-for-size")) setFlagsFromString("--optimize-for-size");

void import("./worker-main");
