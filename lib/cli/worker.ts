/*
 * `npm run worker`: the notification worker as its own process (several may run at once).
 * It runs without the react-server condition because e-mails are rendered with react-dom/server;
 * `server-only` (which would throw outside that condition) is therefore stubbed before anything loads it.
 */
import { createRequire } from "node:module";
import { join } from "node:path";

const localRequire = createRequire(join(process.cwd(), "package.json"));
const serverOnly = localRequire.resolve("server-only");
localRequire.cache[serverOnly] = { id: serverOnly, filename: serverOnly, loaded: true, exports: {} } as NodeJS.Module;

void import("./worker-main");
