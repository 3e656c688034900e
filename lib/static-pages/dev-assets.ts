import { readFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import { DEV_ASSETS_PATH, DEV_FILES } from "./dev-paths";

const TYPES: Record<string, string> = { [DEV_FILES.islands]: "text/javascript; charset=utf-8", [DEV_FILES.css]: "text/css; charset=utf-8" };

/**
 * `npm run dev` only: the islands script and stylesheet scripts/dev.mjs rebuilds on every change, never cached.
 * Returns a handler that answers those two paths and nothing else.
 */
export function serveDevAssets(dir: string) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const name = req.url?.startsWith(DEV_ASSETS_PATH) ? req.url.slice(DEV_ASSETS_PATH.length).split("?")[0] : undefined;
    const type = name !== undefined && Object.hasOwn(TYPES, name) ? TYPES[name] : undefined;
    if (!name || !type) return false;
    readFile(`${dir}/${name}`).then(
      (body) => res.writeHead(200, { "Content-Type": type, "Cache-Control": "no-store" }).end(body),
      () => res.writeHead(404).end(),
    );
    return true;
  };
}
