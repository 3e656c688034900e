import { statuspageRoute } from "@/lib/embed/documents";
import { corsPreflight } from "@/lib/embed/respond";
import { toSpMaintenances, toSpPage } from "@/lib/statuspage-compat/project";

export const dynamic = "force-dynamic";

/** Statuspage v2: maintenance not yet started. */
export const GET = statuspageRoute((snap, ctx) => ({ page: toSpPage(snap, ctx), scheduled_maintenances: toSpMaintenances(snap, ctx, "upcoming") }));
export const OPTIONS = corsPreflight;
