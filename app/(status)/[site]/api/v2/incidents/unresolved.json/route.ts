import { statuspageRoute } from "@/lib/embed/documents";
import { corsPreflight } from "@/lib/embed/respond";
import { toSpIncidents, toSpPage } from "@/lib/statuspage-compat/project";

export const dynamic = "force-dynamic";

/** Statuspage v2: incidents not yet resolved. */
export const GET = statuspageRoute((snap, ctx) => ({ page: toSpPage(snap, ctx), incidents: toSpIncidents(snap, ctx, { unresolvedOnly: true }) }));
export const OPTIONS = corsPreflight;
