import "server-only";
import http from "node:http";
import https from "node:https";
import { defaultGuard, type Guard } from "@/lib/outbound";

/**
 * The page's logo for its Open Graph image, fetched through the SSRF guard (the URL is operator input:
 * it must not reach internal addresses), pinned to the checked address, no redirects, small and quick.
 * Only PNG and JPEG are inlined; anything else, or any failure, renders the image without a logo.
 */
const MAX_BYTES = 512 * 1024;
const TIMEOUT_MS = 1500;
const TTL_MS = 10 * 60_000;
const FAILURE_TTL_MS = 60_000;
const MAX_CACHED = 100;

const cache = new Map<string, { dataUri: string | null; at: number }>();

function sniff(buf: Buffer): "image/png" | "image/jpeg" | null {
  if (buf.length > 8 && buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return "image/jpeg";
  return null;
}

async function download(raw: string, guard: Guard): Promise<string | null> {
  const { url, address, family } = await guard.check(raw);
  const mod = url.protocol === "https:" ? https : http;
  return new Promise((resolve) => {
    const req = mod.request(
      url,
      {
        method: "GET",
        headers: { accept: "image/png, image/jpeg" },
        lookup: ((_h: string, opts: { all?: boolean }, cb: (...a: unknown[]) => void) =>
          opts?.all ? cb(null, [{ address, family }]) : cb(null, address, family)) as never,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          return resolve(null);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size > MAX_BYTES) return req.destroy();
          chunks.push(c);
        });
        res.on("end", () => {
          const buf = Buffer.concat(chunks);
          const type = size <= MAX_BYTES ? sniff(buf) : null;
          resolve(type ? `data:${type};base64,${buf.toString("base64")}` : null);
        });
        res.on("error", () => resolve(null));
      },
    );
    const timer = setTimeout(() => req.destroy(), TIMEOUT_MS);
    req.on("close", () => clearTimeout(timer));
    req.on("error", () => resolve(null));
    req.on("timeout", () => req.destroy());
    req.end();
  });
}

/** A data: URI of the logo, or null. Results (failures too, briefly) are kept so renders do not refetch. */
export async function fetchLogo(raw: string | null, guard: Guard = defaultGuard(), now = Date.now()): Promise<string | null> {
  if (!raw) return null;
  const hit = cache.get(raw);
  if (hit && now - hit.at < (hit.dataUri ? TTL_MS : FAILURE_TTL_MS)) return hit.dataUri;
  let dataUri: string | null = null;
  try {
    dataUri = await download(raw, guard);
  } catch {
    dataUri = null; // refused by the guard, or not a URL
  }
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(raw, { dataUri, at: now });
  return dataUri;
}

export function clearLogoCache(): void {
  cache.clear();
}
