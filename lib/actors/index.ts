import type { ActorType, ApiKey } from "@/lib/db/types";

/**
 * Who made a change: an API key, a page's automation rule, or (later) a console operator. Every incident
 * update and impact change records one, so "humans win" can be decided and shown.
 */
export interface Actor {
  type: ActorType;
  /** the API key's, rule's or operator's id; null when nobody recorded it */
  id: string | null;
}

export const apiKeyActor = (key: Pick<ApiKey, "id">): Actor => ({ type: "API_KEY", id: key.id });

/** An automation rule (or v1 per-check trigger) acting on the incident it manages. */
export const automationActor = (ruleId: string): Actor => ({ type: "AUTOMATION", id: ruleId });

/** Anyone but the automation: their writes hand an automated incident to humans. No actor recorded counts as human. */
export const isHuman = (actor: Actor | undefined): boolean => actor?.type !== "AUTOMATION";

/** The columns an actor is stored in. */
export const actorColumns = (actor: Actor) => ({ actor_type: actor.type, actor_id: actor.id });
