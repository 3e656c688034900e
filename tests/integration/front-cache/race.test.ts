/**
 * The render race with the real pieces: page data from loadPageSnapshot, writes through the incident
 * verbs (which invalidate after commit), the process-wide generation store, and the front cache in front
 * of a deliberately slow render. An update landing during the render must never be overwritten.
 */
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicCacheHeaders } from "@/lib/cache/headers";
import { pageTag } from "@/lib/cache/tags";
import { seedDemo } from "@/lib/demo/seed";
import { FrontCache } from "@/lib/front-cache/front-cache";
import { addIncidentUpdate } from "@/lib/incidents/service";
import { loadPageSnapshot } from "@/lib/public-page/load";
import { findPageBySlug } from "@/lib/status-pages/queries";
import { testDb } from "../../setup/db";

let gate: Promise<void> | undefined;
let renders = 0;

/** A stand-in for the page route: read the snapshot, (maybe) wait, write the latest update of each open incident. */
async function pageRoute(_req: IncomingMessage, res: ServerResponse) {
  renders++;
  const db = await testDb();
  const page = (await findPageBySlug(db, "acme"))!;
  const snap = await loadPageSnapshot(db, page);
  if (gate) await gate;
  const latest = snap.incidents.map((v) => [...v.updates].sort((a, b) => b.created_at - a.created_at)[0]?.description ?? "");
  for (const [k, v] of Object.entries(publicCacheHeaders([pageTag(page.id)]))) res.setHeader(k, v);
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.end(`<!DOCTYPE html><html><body>${latest.map((d) => `<p>${d}</p>`).join("")}</body></html>`);
}

let server: http.Server;
let port: number;
let accountId: string;
let incidentId: string;

beforeAll(async () => {
  const db = await testDb();
  const seeded = (await seedDemo(db))!;
  accountId = seeded.accountId;
  const page = (await findPageBySlug(db, "acme"))!;
  const open = (await loadPageSnapshot(db, page)).incidents.find((v) => !v.updates.some((u) => u.status === "RESOLVED"));
  incidentId = open!.incident.id;
  const cache = new FrontCache({ handler: pageRoute, maxBytes: 16 * 1024 * 1024 });
  server = http.createServer(cache.handle);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

async function read(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/acme`);
  return res.text();
}

describe("front cache with the domain verbs", () => {
  it("an update posted during a slow re-render is shown at the next request, never overwritten", async () => {
    const db = await testDb();
    await read();
    await addIncidentUpdate(db, accountId, incidentId, { description: "First: scaling out workers" });
    let open!: () => void;
    gate = new Promise<void>((r) => (open = r));
    const before = renders;
    const slow = read(); // re-renders (the entry was invalidated) and reads "First" from the database, then waits
    while (renders === before) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 50));
    await addIncidentUpdate(db, accountId, incidentId, { description: "Second: backlog cleared" });
    gate = undefined;
    open();
    expect(await slow).toContain("First: scaling out workers");
    const next = await read();
    expect(next).toContain("Second: backlog cleared");
    expect(await read()).toContain("Second: backlog cleared");
  });

  it("serves from memory until a write invalidates the page", async () => {
    const db = await testDb();
    await read();
    const before = renders;
    for (let i = 0; i < 5; i++) await read();
    expect(renders).toBe(before);
    await addIncidentUpdate(db, accountId, incidentId, { description: "Third: all caught up" });
    expect(await read()).toContain("Third: all caught up");
    expect(renders).toBe(before + 1);
  });
});
