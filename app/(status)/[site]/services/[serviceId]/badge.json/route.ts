import { badgeRoute, componentBadgeValue } from "@/lib/embed/badges";
import { corsPreflight } from "@/lib/embed/respond";

export const dynamic = "force-dynamic";

export const GET = badgeRoute("json", componentBadgeValue);
export const OPTIONS = corsPreflight;
