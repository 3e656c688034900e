/*
 * `npm run worker`: the notification worker as its own process (several may run at once). scripts/worker.mjs
 * runs it from a bundle (scripts/build.mjs), built without the react-server condition because e-mails
 * are rendered with react-dom/server; the bundle stubs `server-only`, which would throw outside that condition.
 */
import { setFlagsFromString } from "node:v8";

/*
 * V8 optimised for size: full collections at ~1.3× the live heap instead of letting a large fan-out's garbage grow it
 * fourfold (RSS +100 MB). Set here after start-up, as on the command line it would also shrink the young generation
 * (+25% worker CPU); `npm run worker` caps that at a middle size instead. Figures: lib/notifications/README.md.
 */
if (!process.execArgv.includes("--optimize-for-size")) setFlagsFromString("--optimize-for-size");

void import("./worker-main");
