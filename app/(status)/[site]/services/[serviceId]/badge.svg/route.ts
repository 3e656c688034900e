import { badgeRoute, serviceBadgeValue } from "@/lib/embed/badges";

export const dynamic = "force-dynamic";

export const GET = badgeRoute("svg", serviceBadgeValue);
