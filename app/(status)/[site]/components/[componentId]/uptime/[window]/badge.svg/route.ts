import { badgeRoute, uptimeBadgeValue } from "@/lib/embed/badges";

export const dynamic = "force-dynamic";

/** window: 24h, 7d, 30d or 90d */
export const GET = badgeRoute("svg", uptimeBadgeValue);
