/**
 * What every chat channel (a URL that takes a JSON post, verified by a test delivery) must do, run
 * against a real local receiver that checks the platform's documented payload shape and answers as the
 * platform does. A channel's own test calls `chatChannelContract` with its shape check and its answers.
 */
import { describe, expect, it } from "vitest";
import type { ServerResponse } from "node:http";
import { createIncident } from "@/lib/incidents/service";
import { createGuard, type Resolver } from "@/lib/outbound";
import { channelOf, type ChannelType } from "@/lib/notifications/channels";
import { listSubscriptions, subscribe } from "@/lib/subscriptions/service";
import { resetSignupLimiter } from "@/lib/subscriptions/abuse";
import { normalizeTarget } from "@/lib/subscriptions/targets";
import { alreadyDown, deliveriesOf, loopbackGuard, pageWithServices, testWorker } from "../fixtures";
import { startReceiver, type Received } from "../peers";
import { XSS_PAYLOADS } from "../../../attack/xss-payloads";

export const HOSTILE_NAME = "@everyone <!channel> <users/all> <@123> [click](https://evil.example) **bold** <b>x</b> & done";

export interface ChatContract {
  type: ChannelType;
  /** throws (or fails an expect) when a posted body is not what the platform documents */
  validate(body: unknown): void;
  /** the platform's success answer (Teams Workflows: 202; Discord: 204) */
  ok: number;
  /** how the platform says the webhook is gone */
  gone: { status: number; body?: string };
  /** a public URL of the platform that sign-up accepts, and one of another host it refuses (when it checks hosts) */
  accepts: string;
  refuses?: string;
  /** what the rendered incident message must show, and never show, for HOSTILE_NAME */
  escaped(body: unknown): void;
  /** parsed check of any rendered message: nothing of the page's texts acts as markup, mention or link */
  safe(body: unknown): void;
}

/** Public platform hosts resolve to a public address here: no real DNS in tests. */
const resolver: Resolver = async () => [{ address: "93.184.216.34", family: 4 }];

export function chatChannelContract(c: ChatContract) {
  const slug = (s: string) => `${c.type.toLowerCase().replace(/_/g, "-")}-${s}`;
  const answerWith = (status: number, headers: Record<string, string> = {}, body = "") => (_r: Received, res: ServerResponse) => void res.writeHead(status, headers).end(body);
  /** Answers as the platform does: 400 when the payload is not of the documented shape. */
  const platform = (answer: (r: Received, res: ServerResponse) => void) => (r: Received, res: ServerResponse) => {
    try {
      c.validate(JSON.parse(r.body));
    } catch (err) {
      return void res.writeHead(400).end(`bad payload: ${(err as Error).message}`);
    }
    answer(r, res);
  };

  describe(`${c.type} channel on ${process.env.HELIOGRAPH_TEST_STORE}`, () => {
    it("is verified by a test delivery the platform accepts, then gets incidents in the platform's shape, escaped for its markup", async () => {
      resetSignupLimiter(1000);
      const { db, accountId, page, services } = await pageWithServices(slug("flow"));
      const rec = await startReceiver(platform(answerWith(c.ok)));
      await subscribe(db, page, { type: c.type, address: rec.url }, { client: "198.51.100.30" }, loopbackGuard());
      const w = testWorker(db);
      await w.drain();
      expect(rec.received).toHaveLength(1);
      expect((await listSubscriptions(db, accountId, page.id))[0]).toMatchObject({ channel: c.type, status: "VERIFIED" });
      await createIncident(db, accountId, { name: HOSTILE_NAME, severity: "MAJOR", serviceIds: [services[0].id], update: { description: `Investigating ${HOSTILE_NAME}`, notifySubscribers: true } });
      await w.drain();
      // the incident update, and the flip of the service it took down
      expect(rec.received).toHaveLength(3);
      const [update] = await deliveriesOf(db, page.id, "incident.update");
      const [flip] = await deliveriesOf(db, page.id, "component.update");
      expect([update.status, flip.status]).toEqual(["SENT", "SENT"]);
      const got = (key: string) => rec.received.find((r) => r.headers["idempotency-key"] === key)!;
      const body = JSON.parse(got(update.idempotency_key).body);
      c.escaped(body);
      c.safe(body);
      expect(got(update.idempotency_key).body).toContain(`/${page.url}/manage?token=`);
      c.safe(JSON.parse(got(flip.idempotency_key).body));
      expect(got(flip.idempotency_key).body).toContain(`/${page.url}/manage?token=`);
      await w.stop();
      await rec.close();
    });

    it(`renders every event kind in the platform's shape, safe for the ${XSS_PAYLOADS.length} payloads of the XSS corpus`, async () => {
      for (const x of [HOSTILE_NAME, ...XSS_PAYLOADS]) {
        const base = { page: { id: "p", name: x, address: "https://status.example.com" }, title: x, body: x, at: 0, services: [{ id: "s", name: x }] };
        const maintenance = { id: 1, startsAt: 0, endsAt: 3_600_000, minutesBefore: 60 };
        const events = [
          { ...base, kind: "incident.update" as const, status: "INVESTIGATING", incident: { id: "i", severity: "MINOR" as const, createdAt: 0, updatedAt: 0, resolvedAt: null, updates: [] } },
          { ...base, kind: "incident.update" as const, status: "RESOLVED" },
          { ...base, kind: "maintenance.reminder" as const, status: "SCHEDULED", maintenance },
          { ...base, kind: "maintenance.start" as const, status: "IN_PROGRESS", maintenance },
          { ...base, kind: "maintenance.end" as const, status: "COMPLETED", maintenance },
          ...(["PARTIAL_OUTAGE", "OPERATIONAL"] as const).map((now) => ({
            ...base,
            kind: "component.update" as const,
            status: now,
            body: "",
            component: { id: "s", name: x, createdAt: 0, oldStatus: "MAJOR_OUTAGE" as const, newStatus: now, updateId: "u", pageStatus: now, pageIndicator: "major" },
          })),
        ];
        for (const e of events) {
          const body = JSON.parse((await channelOf(c.type).render(e)) as string);
          c.validate(body);
          c.safe(body);
        }
      }
    });

    it("honours 429 Retry-After, and stops for good when the platform says the webhook is gone", async () => {
      const { db, accountId, page, services } = await pageWithServices(slug("limits"));
      await alreadyDown(db, accountId, services[0].id);
      let limited = 0;
      const busy = await startReceiver(platform((_r, res) => void (limited++ === 1 ? res.writeHead(429, { "retry-after": "120", "content-type": "application/json" }).end('{"retry_after": 120}') : res.writeHead(c.ok).end())));
      const gone = await startReceiver(platform((_r, res) => void (gone.received.length > 1 ? res.writeHead(c.gone.status).end(c.gone.body ?? "") : res.writeHead(c.ok).end())));
      await subscribe(db, page, { type: c.type, address: busy.url }, { client: "198.51.100.31" }, loopbackGuard());
      await subscribe(db, page, { type: c.type, address: gone.url }, { client: "198.51.100.31" }, loopbackGuard());
      const w = testWorker(db);
      await w.drain();
      await createIncident(db, accountId, { name: "Outage", severity: "MAJOR", serviceIds: [services[0].id], update: { description: "Down", notifySubscribers: true } });
      await w.drain();
      const rows = await deliveriesOf(db, page.id, "incident.update");
      const retried = rows.find((r) => r.target === busy.url)!;
      expect(retried).toMatchObject({ status: "RETRYING", response_code: 429 });
      expect(retried.next_attempt_at - retried.updated_at).toBeGreaterThanOrEqual(120_000);
      expect(rows.find((r) => r.target === gone.url)).toMatchObject({ status: "DEAD", response_code: c.gone.status });
      expect((await listSubscriptions(db, accountId, page.id)).map((s) => s.target)).toEqual([busy.url]);
      await w.stop();
      await Promise.all([busy.close(), gone.close()]);
    });

    it("checks the URL with the SSRF guard at sign-up: https on the platform's host, public addresses only", async () => {
      const guard = createGuard({ resolver });
      await expect(normalizeTarget(c.type, c.accepts, guard)).resolves.toMatchObject({ channel: c.type });
      await expect(normalizeTarget(c.type, c.accepts.replace("https:", "http:"), guard)).rejects.toThrow(/https/);
      if (c.refuses) await expect(normalizeTarget(c.type, c.refuses, guard)).rejects.toThrow();
      await expect(normalizeTarget(c.type, "https://10.0.0.1/hook", createGuard({ resolver }))).rejects.toThrow();
      expect(channelOf(c.type).verification).toBe("test-delivery");
    });
  });
}
