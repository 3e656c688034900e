/**
 * Credentials an API key mints (an integration's ingest token, a private page's key, a rotated token) never outlive
 * it: an expiring key's creations expire with it, refused from then on at ingestion, on the private page and in a
 * copy the front cache stored while valid; a permanent key's keep working. Only Date is faked to pass the expiry.
 */
import type { IncomingMessage } from "node:http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { proxy } from "@/proxy";
import { CreatedApiKey } from "@/lib/api-keys/schema";
import { CreatedIntegration, Integration } from "@/lib/integrations/schema";
import { CreatedStatusPageKey, StatusPageKey } from "@/lib/status-pages/schema";
import { loadServerSecret } from "@/lib/secrets/server-secret";
import { mayServe } from "@/lib/front-cache/private";
import { client } from "./client";
import { expectShape, slug, STORE, tenant } from "./fixtures";
import { amAlert, amBody, ingest } from "../integrations/helpers";
import { request } from "../public/fixtures";

const BASE = "http://localhost:3000";
const HOUR = 3_600_000;

afterEach(() => {
  vi.useRealTimers();
});

describe(`credentials minted by an API key (${STORE})`, () => {
  it("an expiring key's ingest tokens and page keys expire with it; a permanent key's keep working", async () => {
    const t = await tenant("Minting");
    const short = expectShape(await t.api.post("/v1/api-keys", { name: "ci, one hour", expiresAt: new Date(Date.now() + HOUR).toISOString() }), 201, CreatedApiKey);
    const leaked = client(short.key);
    const page = (await t.api.post("/v1/status-pages", { name: "Internal", url: slug("minted"), isPrivate: true, cards: [] })).body as { id: string; url: string };

    // Minted by the expiring key: bounded by its expiry, and the answers say so.
    const shortAm = expectShape(await leaked.post("/v1/integrations", { name: "Prometheus", type: "alertmanager" }), 201, CreatedIntegration);
    expect(shortAm.tokenExpiresAt).toBe(short.expiresAt);
    const shortPageKey = expectShape(await leaked.post(`/v1/status-pages/${page.id}/keys`), 201, CreatedStatusPageKey);
    expect(shortPageKey.expiresAt).toBe(short.expiresAt);
    // Rotating is minting too: a token the permanent key made, rotated by the expiring one, expires with it.
    const rotatedLater = expectShape(await t.api.post("/v1/integrations", { name: "Grafana", type: "alertmanager" }), 201, CreatedIntegration);
    const rotated = expectShape(await leaked.post(`/v1/integrations/${rotatedLater.id}/rotate-token`), 200, CreatedIntegration);
    expect(rotated.tokenExpiresAt).toBe(short.expiresAt);

    // Minted by the permanent key: permanent.
    const longAm = expectShape(await t.api.post("/v1/integrations", { name: "Prometheus 2", type: "alertmanager" }), 201, CreatedIntegration);
    expect(longAm.tokenExpiresAt).toBeNull();
    const longPageKey = expectShape(await t.api.post(`/v1/status-pages/${page.id}/keys`), 201, CreatedStatusPageKey);
    expect(longPageKey.expiresAt).toBeNull();
    const listed = (await t.api.get(`/v1/status-pages/${page.id}/keys`)).body as unknown[];
    expect(listed.map((k) => StatusPageKey.parse(k)).map((k) => k.expiresAt)).toEqual([short.expiresAt, null]);
    expect(Integration.parse((await t.api.get(`/v1/integrations/${shortAm.id}`)).body).tokenExpiresAt).toBe(short.expiresAt);

    const alert = () => amBody([amAlert({ fingerprint: `fp-${Math.random()}`, startsAt: new Date().toISOString() })]);
    const pageStatus = async (headers: Record<string, string>) => (await proxy(request(`${BASE}/${page.url}`, { headers })))!.status;
    for (const made of [shortAm, rotated, longAm]) expect((await ingest(made.id, alert(), { token: made.token })).status).toBe(202);
    expect(await pageStatus({ authorization: `Bearer ${shortPageKey.key}` })).toBe(200);
    expect(await pageStatus({ authorization: `Bearer ${longPageKey.key}` })).toBe(200);
    // A shared ?key= link gives a cookie; a private copy the front cache keeps lists the key as a credential that opens it.
    const exchange = (await proxy(request(`${BASE}/${page.url}?key=${shortPageKey.key}`)))!;
    expect(exchange.status).toBe(303);
    const cookie = exchange.headers.get("set-cookie")!.split(";")[0];
    expect(await pageStatus({ cookie })).toBe(200);
    const secret = await loadServerSecret(t.db);
    const storedCopy = { pageId: page.id, credentials: new Set([`k.${shortPageKey.id}`, `k.${longPageKey.id}`]) };
    const visitor = { url: `/${page.url}`, headers: { cookie } } as unknown as IncomingMessage;
    expect(mayServe(storedCopy, visitor, secret)).toBe(true);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.parse(short.expiresAt!) + 1);

    expect((await ingest(shortAm.id, alert(), { token: shortAm.token })).status).toBe(401);
    expect((await ingest(rotated.id, alert(), { token: rotated.token })).status).toBe(401);
    expect((await ingest(shortAm.id, alert(), { token: shortAm.token, inUrl: true })).status).toBe(401);
    expect((await ingest(longAm.id, alert(), { token: longAm.token })).status).toBe(202);

    expect(await pageStatus({ authorization: `Bearer ${shortPageKey.key}` })).toBe(401);
    expect(await pageStatus({ cookie })).toBe(401);
    expect(mayServe(storedCopy, visitor, secret)).toBe(false);
    const relink = (await proxy(request(`${BASE}/${page.url}?key=${shortPageKey.key}`)))!;
    expect(relink.headers.get("set-cookie")).toBeNull();
    expect(await pageStatus({ authorization: `Bearer ${longPageKey.key}` })).toBe(200);
  });

  it("the operator's and a permanent key's creations never expire, whatever expiring keys exist", async () => {
    const t = await tenant("Minting 2");
    expectShape(await t.api.post("/v1/api-keys", { name: "short", expiresInDays: 1 }), 201, CreatedApiKey);
    const am = expectShape(await t.api.post("/v1/integrations", { name: "Prometheus", type: "alertmanager" }), 201, CreatedIntegration);
    const again = expectShape(await t.api.post(`/v1/integrations/${am.id}/rotate-token`), 200, CreatedIntegration);
    expect([am.tokenExpiresAt, again.tokenExpiresAt]).toEqual([null, null]);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 400 * 86_400_000);
    expect((await ingest(am.id, amBody([amAlert({ startsAt: new Date().toISOString() })]), { token: again.token })).status).toBe(202);
  });
});
