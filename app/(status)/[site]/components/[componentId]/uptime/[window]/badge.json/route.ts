import { badgeRoute, uptimeBadgeValue } from "@/lib/embed/badges";
import { corsPreflight } from "@/lib/embed/respond";

export const dynamic = "force-dynamic";

export const GET = badgeRoute("json", uptimeBadgeValue);
export const OPTIONS = corsPreflight;
