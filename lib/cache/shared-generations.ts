import { env } from "../env";
import { log } from "../log";
import { setGenerations } from "./generations";
import { RedisGenerationStore } from "./redis-generations";

/*
 * Every process that writes pages (the web server, `npm run runner`, the notification worker with its maintenance
 * scheduler) bumps through Redis when REDIS_URL is set; otherwise a page changed there stays stale on the servers.
 */
export async function installSharedGenerations(processName: string): Promise<RedisGenerationStore | undefined> {
  if (!env.REDIS_URL) return undefined;
  const store = await RedisGenerationStore.create({
    url: env.REDIS_URL,
    prefix: env.HELIOGRAPH_REDIS_PREFIX,
    onError: (err, where) => log.warn({ err: (err as Error)?.message, where, process: processName }, "page generations: redis problem"),
  });
  setGenerations(store);
  if (!(await store.ready(5000))) log.warn({ process: processName }, "page generations: Redis not reachable yet; pages changed here reach other instances once it is");
  return store;
}
