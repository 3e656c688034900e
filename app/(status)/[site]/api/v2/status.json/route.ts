import { statuspageRoute } from "@/lib/embed/documents";
import { corsPreflight } from "@/lib/embed/respond";
import { toSpPage, toSpStatus } from "@/lib/statuspage-compat/project";

export const dynamic = "force-dynamic";

/** Statuspage v2 status rollup. */
export const GET = statuspageRoute((snap, ctx) => ({ page: toSpPage(snap, ctx), status: toSpStatus(snap) }));
export const OPTIONS = corsPreflight;
