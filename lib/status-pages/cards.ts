import "server-only";
import type { Db } from "@/lib/db";
import * as q from "./queries";
import type { CardWithServices } from "./types";

/**
 * A v1 page's cards with their services, in order. Apart from the page verbs (./service.ts) because every reader
 * of a page's structure needs it (lib/components/structure.ts, so proxy.ts too), and the verbs import the incident
 * verbs and through them the notification channels: a reader's bundle need not carry those.
 */
export async function loadCards(db: Db, pageId: string): Promise<CardWithServices[]> {
  const cards = await q.listCards(db, pageId);
  const services = await q.listCardServices(db, cards.map((c) => c.id));
  return cards.map((c) => ({
    ...c,
    services: services.filter((s) => s.card_id === c.id).map(({ card_id: _c, ...s }) => s),
  }));
}
