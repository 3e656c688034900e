import { badgeRoute, serviceBadgeValue } from "@/lib/embed/badges";
import { corsPreflight } from "@/lib/embed/respond";

export const dynamic = "force-dynamic";

export const GET = badgeRoute("json", serviceBadgeValue);
export const OPTIONS = corsPreflight;
