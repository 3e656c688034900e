/**
 * One status page per payload of the XSS corpus, the payload in every text a visitor reads: page name
 * and description, card, service, an open incident (name and markdown update), a maintenance window
 * in progress and one to come (name and markdown description).
 */
import { randomUUID } from "node:crypto";
import { newAccount } from "../../setup/db";
import { XSS_PAYLOADS } from "../../attack/xss-payloads";
import { CreateStatusPageInput } from "@/lib/status-pages/schema";
import { CreateServiceInput } from "@/lib/services/schema";
import { createService } from "@/lib/services/service";
import { createPage } from "@/lib/status-pages/service";
import { createIncident } from "@/lib/incidents/service";
import { createWindow } from "@/lib/maintenance/service";
import { LIMITS } from "@/lib/accounts/entitlements";

const HOUR = 3_600_000;

/** NUL is refused or stripped at input on both stores (the input tests' concern); everything else goes in as written. */
export const stored = (payload: string) => payload.replaceAll("\u0000", "");

export interface PayloadPage {
  payload: string;
  /** the text as the API stores it (names are trimmed) */
  name: string;
  text: string;
  slug: string;
  pageId: string;
  serviceId: string;
  incidentId: string;
}

export async function buildXssWorld(): Promise<PayloadPage[]> {
  const tag = randomUUID().slice(0, 8);
  const now = Date.now();
  const out: PayloadPage[] = [];
  let account = await newAccount("XSS");
  for (const [i, payload] of XSS_PAYLOADS.entries()) {
    if (i > 0 && i % LIMITS.STATUS_PAGES === 0) account = await newAccount("XSS");
    const { db, accountId } = account;
    const text = stored(payload);
    const service = await createService(db, accountId, CreateServiceInput.parse({ name: text }));
    const page = await createPage(
      db,
      accountId,
      CreateStatusPageInput.parse({ name: text, url: `x${tag}-${i}`, description: text, cards: [{ name: text, services: [{ id: service.id }] }] }),
    );
    const { incident } = await createIncident(
      db,
      accountId,
      // trimmed as the API's schemas trim them
      { name: text.trim(), severity: "MAJOR", serviceIds: [service.id], update: { description: text.trim(), status: "INVESTIGATING", publicIncidentUpdateDate: now - HOUR } },
    );
    const visibility = { enabled: true, statusPageIds: [page.id], serviceIds: [service.id], showAffectedServices: true };
    for (const startsAt of [now - HOUR / 2, now + 24 * HOUR]) {
      await createWindow(db, accountId, { name: text.trim(), description: text, startsAt, endsAt: startsAt + HOUR, repeatUnit: null, statusPageVisibility: visibility });
    }
    out.push({ payload, name: page.name, text, slug: page.url, pageId: page.id, serviceId: service.id, incidentId: incident.id });
  }
  return out;
}
