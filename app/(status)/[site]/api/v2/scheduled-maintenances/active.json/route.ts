import { statuspageRoute } from "@/lib/embed/documents";
import { corsPreflight } from "@/lib/embed/respond";
import { toSpMaintenances, toSpPage } from "@/lib/statuspage-compat/project";

export const dynamic = "force-dynamic";

/** Statuspage v2: maintenance in progress. */
export const GET = statuspageRoute((snap, ctx) => ({ page: toSpPage(snap, ctx), scheduled_maintenances: toSpMaintenances(snap, ctx, "active") }));
export const OPTIONS = corsPreflight;
