import { statuspageRoute } from "@/lib/embed/documents";
import { corsPreflight } from "@/lib/embed/respond";
import { toSpSummary } from "@/lib/statuspage-compat/project";

export const dynamic = "force-dynamic";

/** Statuspage v2 summary: status, components, unresolved incidents, upcoming and active maintenance. Also the live-refresh source of open tabs. */
export const GET = statuspageRoute(toSpSummary);
export const OPTIONS = corsPreflight;
