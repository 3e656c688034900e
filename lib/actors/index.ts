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

/** The columns an actor is stored in. */
export const actorColumns = (actor: Actor) => ({ actor_type: actor.type, actor_id: actor.id });
