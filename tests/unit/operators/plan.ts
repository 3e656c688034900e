import { planRequest } from "@/lib/tenancy/route";

const CFG = { publicOrigin: "http://localhost:3000", trustProxy: false, rootRedirect: null };

/** Whether the public door hands the path to the console's own routes (only on the server's own host). */
export function isConsolePassPath(host: string, pathname: string): boolean {
  return planRequest({ host, forwardedHost: null, pathname, search: "" }, CFG).action === "pass";
}
