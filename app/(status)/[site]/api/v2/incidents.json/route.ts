import { statuspageRoute } from "@/lib/embed/documents";
import { corsPreflight } from "@/lib/embed/respond";
import { toSpIncidents, toSpPage } from "@/lib/statuspage-compat/project";

export const dynamic = "force-dynamic";

/** Statuspage v2: the 50 newest incidents (unresolved, and resolved within the last 90 days). */
export const GET = statuspageRoute((snap, ctx) => ({ page: toSpPage(snap, ctx), incidents: toSpIncidents(snap, ctx) }));
export const OPTIONS = corsPreflight;
