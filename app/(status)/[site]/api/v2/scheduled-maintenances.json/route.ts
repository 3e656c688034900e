import { statuspageRoute } from "@/lib/embed/documents";
import { corsPreflight } from "@/lib/embed/respond";
import { toSpMaintenances, toSpPage } from "@/lib/statuspage-compat/project";

export const dynamic = "force-dynamic";

/** Statuspage v2: the 50 most recent maintenance occurrences. */
export const GET = statuspageRoute((snap, ctx) => ({ page: toSpPage(snap, ctx), scheduled_maintenances: toSpMaintenances(snap, ctx, "all") }));
export const OPTIONS = corsPreflight;
