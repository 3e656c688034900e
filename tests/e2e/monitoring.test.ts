/**
 * The engine in the production server, end to end: a URL monitor with a triggerIncident on a demo service watches a
 * target on loopback; the target going down opens an incident on the demo page, its recovery resolves it. The runs
 * are brought near by choosing the check's frequencyOffset (its slot within the minute), never by a test switch.
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api, raw } from "./cache-helpers";
import { freePort, startServer, type RunningServer } from "./harness";

let server: RunningServer;
let key: string;
let target: Server;
let targetUrl: string;
let up = true;

interface Summary {
  incidents: { id: string; name: string; status: string }[];
  components: { id: string; name: string; status: string }[];
}

const summary = async (): Promise<Summary> => JSON.parse((await raw(server.url, "/acme/api/v2/summary.json")).text) as Summary;

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const got = await probe();
    if (got !== undefined) return got;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The offset (1–10, 6 s steps) whose slot in the minute comes 6–12 s from now: the next run is that near. */
function nearOffset(now = Date.now()): number {
  const inMinute = now % 60_000;
  const phase = (Math.ceil((inMinute + 6_000) / 6_000) * 6_000) % 60_000;
  return phase === 0 ? 10 : phase / 6_000;
}

beforeAll(async () => {
  target = createServer((_req, res) => {
    res.writeHead(up ? 200 : 503, { "content-type": "text/plain" }).end(up ? "ok" : "down");
  });
  const port = await freePort();
  await new Promise<void>((r) => target.listen(port, "127.0.0.1", r));
  targetUrl = `http://127.0.0.1:${port}/`;
  server = await startServer();
  key = server.apiKey()!;
});

afterAll(async () => {
  await server?.stop();
  await new Promise((r) => target?.close(r));
});

describe("a URL monitor drives the demo page", () => {
  it("opens an incident on its service when the target goes down and resolves it when it recovers", async () => {
    const page = (await api<{ entries: { id: string; url: string }[] }>(server.url, key, "GET", "/v1/status-pages?limit=100")).json.entries.find((p) => p.url === "acme")!;
    const cards = (await api<{ cards: { services: { id: string; name: string }[] }[] }>(server.url, key, "GET", `/v1/status-pages/${page.id}`)).json.cards;
    const before = await summary();
    const calm = cards.flatMap((c) => c.services).find((s) => before.components.find((c) => c.name === s.name)?.status === "operational")!;
    expect(calm).toBeDefined();

    const created = await api<{ id: string }>(server.url, key, "POST", "/v1/checks/url", {
      name: "Website",
      frequency: 1,
      frequencyOffset: nearOffset(),
      request: { url: targetUrl },
      triggerIncident: { serviceId: calm.id, severity: "MAJOR", name: "Website unreachable", description: "Our URL monitor sees the website failing.", notifySubscribers: false },
    });
    expect(created.status).toBe(201);
    const id = created.json.id;
    const status = () => api<{ hasFailures: boolean; lastCheckRunId: number | null }>(server.url, key, "GET", `/v1/check-statuses/${id}`);
    const passed = await until("a first passing run", async () => {
      const s = await status();
      return s.status === 200 && s.json.lastCheckRunId !== null && !s.json.hasFailures ? s.json : undefined;
    });
    expect(passed.hasFailures).toBe(false);

    up = false;
    expect((await api(server.url, key, "PUT", `/v1/checks/url/${id}`, { frequencyOffset: nearOffset() })).status).toBe(200);
    const opened = await until("the incident on the page", async () => (await summary()).incidents.find((i) => i.name === "Website unreachable"));
    expect((await summary()).components.find((c) => c.name === calm.name)?.status).toBe("major_outage");
    const results = await api<{ entries: { hasFailures: boolean; resultType: string; apiCheckResult: { response: { status: number } } }[] }>(server.url, key, "GET", `/v2/check-results/${id}?limit=10`);
    expect(results.json.entries[0]).toMatchObject({ hasFailures: true, resultType: "FINAL", apiCheckResult: { response: { status: 503 } } });

    up = true;
    expect((await api(server.url, key, "PUT", `/v1/checks/url/${id}`, { frequencyOffset: nearOffset() })).status).toBe(200);
    await until("the incident resolved", async () => ((await summary()).incidents.some((i) => i.id === opened.id) ? undefined : true));
    expect((await summary()).components.find((c) => c.name === calm.name)?.status).toBe("operational");
    const incident = await api<{ lastUpdateStatus: string }>(server.url, key, "GET", `/v1/status-pages/incidents/${opened.id}`);
    expect(incident.json.lastUpdateStatus).toBe("RESOLVED");
  });

  it("runs the demo's own checks, which pass and open nothing", async () => {
    const statuses = await until("the demo health check's first run", async () => {
      const all = (await api<{ name: string; hasFailures: boolean; lastCheckRunId: number | null }[]>(server.url, key, "GET", "/v1/check-statuses")).json;
      const health = all.find((s) => s.name === "Heliograph health");
      return health?.lastCheckRunId ? all : undefined;
    });
    for (const s of statuses.filter((x) => x.lastCheckRunId !== null && x.name !== "Website")) expect(s.hasFailures, s.name).toBe(false);
    const open = (await summary()).incidents.map((i) => i.name);
    expect(open).not.toContain("Heliograph health");
    expect(open).toHaveLength(1);
  });
});
