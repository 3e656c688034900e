import { badgeRoute, componentBadgeValue } from "@/lib/embed/badges";

export const dynamic = "force-dynamic";

export const GET = badgeRoute("svg", componentBadgeValue);
