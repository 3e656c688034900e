import "server-only";
import { Resolver } from "node:dns/promises";
import { env } from "@/lib/env";
import { UnavailableError } from "@/lib/errors";

/** The name has no record of any kind, or none of this type: an answer, not a failure. */
const NO_RECORDS = new Set(["ENOTFOUND", "ENODATA"]);

/**
 * The TXT records at `name` (each record's strings joined, as RFC 7208 reads them), asked of the configured DNS
 * servers (HELIOGRAPH_DNS_SERVERS) or the system's. A resolver that fails or does not answer is an UnavailableError.
 */
export async function txtRecords(name: string, servers = env.HELIOGRAPH_DNS_SERVERS): Promise<string[]> {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  if (servers?.length) resolver.setServers(servers);
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(""));
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === "string" && NO_RECORDS.has(code)) return [];
    throw new UnavailableError(`The DNS lookup of ${name} failed (${typeof code === "string" ? code : "no answer"}); try again shortly`, { name });
  }
}
