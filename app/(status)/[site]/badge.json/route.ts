import { badgeRoute, pageBadgeValue } from "@/lib/embed/badges";
import { corsPreflight } from "@/lib/embed/respond";

export const dynamic = "force-dynamic";

/** shields.io endpoint JSON: https://img.shields.io/endpoint?url=<this URL> */
export const GET = badgeRoute("json", pageBadgeValue);
export const OPTIONS = corsPreflight;
