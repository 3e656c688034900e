import "server-only";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { createBody, type RunCheckType } from "@/lib/checks/schema";
import { createCheck } from "@/lib/checks/service";

/**
 * The demo's checks watch this server itself over loopback, so `npm start` shows the engine working offline. Their
 * tag matches no automation rule and none has a triggerIncident: they open no incident, even while the server starts.
 */
export async function seedDemoChecks(db: Db, accountId: string, port = env.PORT): Promise<void> {
  const base = `http://127.0.0.1:${port}`;
  const tags = ["heliograph-self"];
  const checks: [RunCheckType, Record<string, unknown>][] = [
    [
      "API",
      {
        name: "Heliograph health",
        frequency: 1,
        tags,
        request: {
          method: "GET",
          url: `${base}/healthz`,
          assertions: [{ source: "STATUS_CODE", comparison: "EQUALS", property: "", target: "200", regex: null }],
        },
      },
    ],
    // A page's first render after a start can take seconds on a small machine: degraded at 5 s, failing at 20 s.
    ["URL", { name: "Acme Cloud status page", frequency: 5, tags, degradedResponseTime: 5000, maxResponseTime: 20000, request: { url: `${base}/acme` } }],
    ["TCP", { name: "Heliograph port", frequency: 10, tags, request: { hostname: "127.0.0.1", port } }],
  ];
  for (const [type, body] of checks) await createCheck(db, { accountId, apiKeyId: null }, type, createBody(type).parse(body));
}
