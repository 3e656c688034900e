import { badgeRoute, componentBadgeValue } from "@/lib/embed/badges";

export const dynamic = "force-dynamic";

/** One component's status (a group's is its worst component's); /services/<id>/badge.svg is the same badge. */
export const GET = badgeRoute("svg", componentBadgeValue);
