/*
 * `npm run worker`: the notification worker as its own process (several may run at once). scripts/worker.mjs
 * runs it from a bundle (scripts/build.mjs), built without the react-server condition because e-mails
 * are rendered with react-dom/server; the bundle stubs `server-only`, which would throw outside that condition.
 */
import { setFlagsFromString } from "node:v8";

/*
 * A worker's live heap is small and bounded (claims of at most a batch, caches with caps), but sending allocates
 * fast and V8's default policy let the old generation grow to about four times the live heap between full
 * collections: RSS rose by over 100 MB during a large fan-out, all of it garbage. Optimising for size makes
 * V8 collect at about 1.3 times the live heap instead (profiled: the full collections stay well under 1% of the time).
 * Set here, after start-up, it changes how the heap grows; on the node command line V8 also keeps the young
 * generation at its smallest: measured with bench:notify (100,000 webhooks), about 25% more worker CPU (more
 * scavenges). package.json's `npm run worker` caps the young generation at a middle size instead
 * (--max-semi-space-size=4; lib/notifications/README.md has the figures).
 */
if (!process.execArgv.includes("--optimize-for-size")) setFlagsFromString("--optimize-for-size");

void import("./worker-main");
