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
export const automationActor = (ruleId: string): Actor => ({ type: "AUTOMATION", id: ruleId });

/** Anything but the automation itself is a human (an API key is held by a person or their script). */
export const isHuman = (actor: Actor | null): boolean => actor?.type !== "AUTOMATION";

/** The columns an actor is stored in. */
export const actorColumns = (actor: Actor) => ({ actor_type: actor.type, actor_id: actor.id });
